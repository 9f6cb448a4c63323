/**
 * Score inputs: digits only, at most 2 characters. How typed, pasted and stepped scores fill the
 * boxes of a prediction is decision 0039.
 */
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

/** A filled input's number, or null while empty. */
export function scoreValue(value: string): number | null {
  return /^\d{1,2}$/.test(value) ? Number(value) : null;
}

/** From this many goals up a score is double figures: reached only on purpose, and confirmed before it is saved (decision 0039). */
export const DOUBLE_FIGURES = 10;

/** A score box as the browser holds it when a digit arrives: its text and where the caret or selection is. */
export interface ScoreBox {
  value: string;
  selectionStart: number | null;
  selectionEnd: number | null;
}

/**
 * What one typed digit makes of a score box. A digit replaces what the box holds (selected or
 * not), so retyping a score never appends to it. The one exception is deliberate text editing:
 * with the caret put after a single digit (arrow key, End, a second click, Backspace from two
 * digits) the digit is added to it, when that makes a score of at most `max` ("1" then "2" is 12;
 * "0" then "5" is 5; "3" then "5" cannot be 35, so it is 5).
 */
export function typeDigit(box: ScoreBox, digit: string, max: number): string {
  if (!/^[0-9]$/.test(digit)) throw new Error(`not a digit: ${digit}`);
  const caretAfterOneDigit = /^[0-9]$/.test(box.value) && box.selectionStart === 1 && box.selectionEnd === 1;
  if (caretAfterOneDigit) {
    const joined = Number(box.value + digit);
    if (joined <= max) return String(joined);
  }
  return digit;
}

/** Text that arrives in one piece (a paste, a drop, a phone keyboard's suggestion) read as a score. */
export type ScoreText =
  { kind: 'one'; value: string } | { kind: 'pair'; home: string; away: string } | { kind: 'invalid' };

/**
 * Pasted or inserted text, read as a person typing it would be: a single digit is that box's
 * score; a bare run of two digits is one digit a side, as if typed ("21" is 2-1, "10" is 1-0);
 * numbers apart ("2-1", "2 : 1", "Arsenal 3 Chelsea 0", "10 - 2") are the home and away scores,
 * so a double-figure score needs its separator. Null when there is no digit; invalid when a
 * number is above `max` or a run is too long to be read ("123").
 */
export function readScoreText(text: string, max: number): ScoreText | null {
  const groups = text.match(/[0-9]+/g);
  if (!groups) return null;
  const score = (digits: string): string | null => {
    const n = Number(digits);
    return digits.length <= 3 && n <= max ? String(n) : null;
  };
  if (groups.length >= 2) {
    const home = score(groups[0]!);
    const away = score(groups[1]!);
    return home !== null && away !== null ? { kind: 'pair', home, away } : { kind: 'invalid' };
  }
  const run = groups[0]!;
  if (run.length === 1) return { kind: 'one', value: run };
  if (run.length === 2) return { kind: 'pair', home: run[0]!, away: run[1]! };
  return { kind: 'invalid' };
}

/** One step of a + / − button or an arrow key: an empty box goes to 1 (up) or 0 (down); never below 0 or above `max`. */
export function stepScore(value: string, by: 1 | -1, max: number): string {
  const n = scoreValue(value);
  if (n === null) return by === 1 ? '1' : '0';
  return String(Math.min(max, Math.max(0, n + by)));
}

/** Whether either score of a pair is double figures (and so waits for the player to confirm it). */
export function hasDoubleFigures(home: string, away: string): boolean {
  return [home, away].some((v) => (scoreValue(v) ?? 0) >= DOUBLE_FIGURES);
}

/** Both boxes as the pick they show, or null while either is empty or not a score of 0 to `max`. */
export function scorePair(home: string, away: string, max: number): { homeScore: number; awayScore: number } | null {
  const h = scoreValue(home);
  const a = scoreValue(away);
  return h !== null && a !== null && h <= max && a <= max ? { homeScore: h, awayScore: a } : null;
}
