/** Score inputs (spec §5): digits only, at most 2 characters; pasting extracts digits, a pasted pair fills both. */
export const SCORE_INPUT_MAX_LENGTH = 2;

const ALLOWED_KEYS = new Set([
  'Backspace',
  'Delete',
  'Tab',
  'Enter',
  'Escape',
  'ArrowLeft',
  'ArrowRight',
  'ArrowUp',
  'ArrowDown',
  'Home',
  'End',
]);

/** Whether a key press may reach a score input: digits, navigation and delete keys, and shortcuts (copy, paste, select all). */
export function isAllowedScoreKey(e: { key: string; ctrlKey?: boolean; metaKey?: boolean; altKey?: boolean }): boolean {
  if (e.ctrlKey || e.metaKey || e.altKey) return true;
  if (ALLOWED_KEYS.has(e.key)) return true;
  return /^[0-9]$/.test(e.key);
}

/** Whatever was typed, dropped or autofilled, reduced to at most 2 digits. */
export function sanitizeScore(value: string): string {
  return value.replace(/\D+/g, '').slice(0, SCORE_INPUT_MAX_LENGTH);
}

/**
 * Pasted text: the digit groups in it. Two or more groups ("2-1", "2 : 1", "Arsenal 3 Chelsea 0")
 * are a pair filling both fields; one group fills the field pasted into. Null when no digits.
 */
export function parsePastedScores(text: string): { home: string; away: string } | { single: string } | null {
  const groups = text.match(/\d+/g);
  if (!groups) return null;
  if (groups.length >= 2) return { home: sanitizeScore(groups[0]!), away: sanitizeScore(groups[1]!) };
  return { single: sanitizeScore(groups[0]!) };
}

/** A filled input's number, or null while empty. */
export function scoreValue(value: string): number | null {
  return /^\d{1,2}$/.test(value) ? Number(value) : null;
}
