/**
 * How the season-file parsers keep their cost proportional to the file (docs/decisions/0052).
 * A regular expression can take time quadratic (or worse) in the text it runs on, so every
 * pattern runs through `exec`, which refuses text longer than FIELD_MAX: each caller cuts a line
 * or a field to a bound (or refuses it) before any pattern sees it. The patterns themselves are
 * written without overlapping quantifiers, so each is linear on the bounded text.
 *
 * The step meter counts the parsers' own work: every character a scanning loop examines and the
 * length of every text handed to a pattern. Property tests read it to prove that no input costs
 * more than a fixed number of steps per character of the file.
 */

/** The longest text a pattern may run on: a Football.TXT line, a JSON field. */
export const FIELD_MAX = 300;

let steps = 0;
let metering = false;

/** Adds `n` steps to the meter (a no-op unless a test is measuring). */
export function step(n: number): void {
  if (metering) steps += n;
}

/** `pattern.exec(text)` on a bounded text. Longer text is a programming error, not bad input. */
export function exec(pattern: RegExp, text: string): RegExpExecArray | null {
  if (text.length > FIELD_MAX)
    throw new Error(
      `A season-file pattern was given ${text.length} characters; bound the field first (at most ${FIELD_MAX}).`,
    );
  step(text.length + 1);
  return pattern.exec(text);
}

/** Runs `work` and returns its result with the steps it took (tests). */
export function measureSteps<T>(work: () => T): { result: T; steps: number } {
  const before = { steps, metering };
  steps = 0;
  metering = true;
  try {
    const result = work();
    return { result, steps };
  } finally {
    steps = before.steps;
    metering = before.metering;
  }
}

/** JavaScript's `\s` (the characters String.prototype.trim removes), tested one character at a time. */
export function isSpace(code: number): boolean {
  return (
    code === 0x20 ||
    (code >= 0x09 && code <= 0x0d) ||
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
}
