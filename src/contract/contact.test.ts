import { describe, expect, it } from 'vitest';
import { CONTACT_PLAIN_ADDRESS_MESSAGE, contactSchema, normalizeContact } from './contact.js';

/** The one message the form shows (the first issue), with its field. */
function firstIssue(input: unknown): { field: string; message: string } | null {
  const r = contactSchema.safeParse(input);
  if (r.success) return null;
  const i = r.error.issues[0]!;
  return { field: i.path.join('.'), message: i.message };
}

describe('contact form validation order', () => {
  it('Email empty comes first, even when the message is empty too', () => {
    expect(firstIssue({ email: '', message: '' })).toEqual({ field: 'email', message: 'Email is required' });
    expect(firstIssue({ email: '   ', message: 'hi' })).toEqual({ field: 'email', message: 'Email is required' });
    expect(firstIssue({})).toEqual({ field: 'email', message: 'Email is required' });
  });

  it('then Message empty after trim, even when the e-mail is invalid', () => {
    expect(firstIssue({ email: 'not-an-address', message: '  \n ' })).toEqual({
      field: 'message',
      message: 'Message is required',
    });
    expect(firstIssue({ email: 'a@b.co' })).toEqual({ field: 'message', message: 'Message is required' });
  });

  it('then an address that does not match the simple pattern', () => {
    expect(firstIssue({ email: 'not-an-address', message: 'Hello' })).toEqual({
      field: 'email',
      message: 'Please enter a valid email address',
    });
    expect(firstIssue({ email: 'a b@c.de', message: 'Hello' })).toEqual({
      field: 'email',
      message: 'Please enter a valid email address',
    });
  });

  it('then an address with more than the address in it (it becomes a Reply-To and a mailto link)', () => {
    for (const email of [
      'support@bigcorp.example?cc=attacker%40evil.test&body=hi',
      '"Boss"<boss@bigcorp.example>',
      'a@b.co,c.evil.test',
    ]) {
      expect(firstIssue({ email, message: 'Hello' })).toEqual({
        field: 'email',
        message: CONTACT_PLAIN_ADDRESS_MESSAGE,
      });
    }
  });

  it('accepts a valid message and trims it', () => {
    expect(firstIssue({ email: ' fan@example.com ', message: ' Hello ' })).toBeNull();
    expect(normalizeContact({ email: ' fan@example.com ', message: ' Hello ' })).toEqual({
      email: 'fan@example.com',
      message: 'Hello',
    });
  });

  it('limits the message length', () => {
    expect(firstIssue({ email: 'fan@example.com', message: 'x'.repeat(5001) })).toEqual({
      field: 'message',
      message: 'Message must be 5000 characters or less',
    });
  });
});
