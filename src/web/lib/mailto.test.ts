import { describe, expect, it } from 'vitest';
import { mailtoHref } from './mailto';

describe('mailto links', () => {
  it('link a plain address, and nothing can start a query in it', () => {
    expect(mailtoHref('fan@example.com')).toBe('mailto:fan@example.com');
    expect(mailtoHref("o'neil+scores@example.ie")).toBe("mailto:o'neil%2Bscores@example.ie");
  });

  it('give no link for the injection seen in the wild, nor any address with more in it', () => {
    for (const a of [
      'support@bigcorp.example?cc=attacker%40evil.test&body=Please%20reset',
      'a@b.co&cc=c@d.ee',
      'Boss <boss@bigcorp.example>',
      'a@b.co\r\nBcc: x@y.zz',
      '',
      'javascript:alert(1)',
    ]) {
      expect(mailtoHref(a), a).toBeNull();
    }
  });
});
