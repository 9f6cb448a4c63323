/**
 * A plain e-mail address: `local@domain` and nothing else. A reply address typed by a player ends
 * up in a mail header and in the admin's `mailto:` link, where `?cc=…&body=…`, a display name,
 * a comma or a line break would add recipients or text the player was never given. So only the
 * characters real addresses use are accepted: letters, digits, `.`, `_`, `+`, `'` and `-` before
 * the `@` (no leading, trailing or doubled dot), and a host name of ASCII labels with a letter
 * top-level label (or an `xn--` one) after it. Addresses with non-ASCII characters are refused
 * (docs/security.md, known limits). The length is checked before any pattern runs.
 */
export const PLAIN_EMAIL_MAX = 254;
const LOCAL_MAX = 64;
const LOCAL = /^[A-Za-z0-9_+'-]+(?:\.[A-Za-z0-9_+'-]+)*$/;
const LABEL = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;
const TOP_LABEL = /^(?:[A-Za-z]{2,63}|xn--[A-Za-z0-9-]{1,59})$/;

export function isPlainEmail(address: string): boolean {
  if (address.length > PLAIN_EMAIL_MAX) return false;
  const at = address.indexOf('@');
  if (at <= 0 || at !== address.lastIndexOf('@')) return false;
  const local = address.slice(0, at);
  const labels = address.slice(at + 1).split('.');
  if (local.length > LOCAL_MAX || !LOCAL.test(local) || labels.length < 2) return false;
  return labels.every((l) => LABEL.test(l)) && TOP_LABEL.test(labels[labels.length - 1]!);
}
