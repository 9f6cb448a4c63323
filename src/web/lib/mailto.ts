import { isPlainEmail } from '../../contract/plain-email';

/**
 * A `mailto:` link to one address, or null when the text is not a plain address. The address is
 * percent-encoded (its `@` kept, as RFC 6068 allows), so nothing in it can start a query: a stored
 * `a@b.example?cc=x@evil.test&body=…` (written before reply addresses had to be plain) gets no
 * link at all, and could not add a recipient or a body even if it did.
 */
export function mailtoHref(address: string): string | null {
  if (!isPlainEmail(address)) return null;
  return `mailto:${encodeURIComponent(address).replace(/%40/g, '@')}`;
}
