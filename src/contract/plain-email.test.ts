import { describe, expect, it } from 'vitest';
import { isPlainEmail } from './plain-email.js';

describe('a plain e-mail address', () => {
  it('accepts the addresses people use', () => {
    for (const a of [
      'fan@example.com',
      'a@b.co',
      'first.last+scores@mail.example.org',
      "o'neil@example.ie",
      'x_y-z@sub-domain.example.co.uk',
      'me@xn--bcher-kva.example',
      'UPPER@EXAMPLE.COM',
    ]) {
      expect(isPlainEmail(a), a).toBe(true);
    }
  });

  it('refuses anything that would add recipients, headers or text to a mail or a mailto link', () => {
    for (const a of [
      'support@bigcorp.example?cc=attacker%40evil.test&body=Please%20reset',
      'support@bigcorp.example&cc=attacker@evil.test',
      'a@b.co?subject=hi',
      'a%40b.co@evil.test',
      '"Boss" <boss@bigcorp.example>',
      'Boss <boss@bigcorp.example>',
      'a@b.co,c@d.ee',
      'a@b.co;c@d.ee',
      'a@b.co\r\nBcc: c@d.ee',
      'a@b.co\nx',
      ' a@b.co',
      'a b@c.de',
      'a@b.co ',
      'a@b@c.de',
      'mailto:a@b.co',
      'a@[127.0.0.1]',
      'a@b.co#x',
    ]) {
      expect(isPlainEmail(a), JSON.stringify(a)).toBe(false);
    }
  });

  it('refuses malformed addresses', () => {
    for (const a of [
      '',
      '@b.co',
      'a@',
      'a@b',
      'a@b.c',
      'a@-b.co',
      'a@b-.co',
      'a@b..co',
      '.a@b.co',
      'a.@b.co',
      'a..b@c.de',
      'a@b.co.',
      'a@b.123',
      'ünï@example.com',
      'a@exämple.com',
    ]) {
      expect(isPlainEmail(a), a).toBe(false);
    }
  });

  it('refuses long input before any pattern runs, and long runs cost no backtracking', () => {
    expect(isPlainEmail(`${'a'.repeat(65)}@b.co`)).toBe(false);
    expect(isPlainEmail(`a@${'b'.repeat(64)}.co`)).toBe(false);
    expect(isPlainEmail(`a@${'b.'.repeat(130)}co`)).toBe(false);
    expect(isPlainEmail(`${'a.'.repeat(31)}a@${'b-'.repeat(30)}b.co`)).toBe(true);
    // Hostile runs of characters the patterns partly accept: refused (the bound keeps every case small).
    expect(isPlainEmail(`${'a'.repeat(63)}!@b.co`)).toBe(false);
    expect(isPlainEmail(`a@${'-'.repeat(200)}.co`)).toBe(false);
  });
});
