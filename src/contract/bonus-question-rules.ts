import { z } from 'zod';
import { BONUS_LIMITS as L, type QuestionKind } from '../game/bonus-questions.js';
import { nameSkeleton } from '../game/name-skeleton.js';
import { OPTIONS_MESSAGE, questionFields, sameAnswerMessage } from './bonus-questions.js';
import { seasonId } from './seasons.js';

/**
 * Writing a bonus question: what the organiser's form and the create and change routes share.
 * Apart from bonus-questions.ts because the look-alike table behind the answers' check is large:
 * the league page loads it with the question form only.
 */

/**
 * What holds across fields: a free question has its own words and 2–40 different answers; a
 * question about the final table has neither (its answers are the season's clubs, or places);
 * a final position names its club.
 */
export function refineQuestion(
  v: { kind: QuestionKind; prompt?: string; club?: string; options?: string[] },
  ctx: z.RefinementCtx,
): void {
  if (v.kind === 'free') {
    if (!v.prompt) ctx.addIssue({ code: 'custom', message: 'Write the question.', path: ['prompt'] });
    const options = v.options ?? [];
    if (options.length < L.optionsMin) ctx.addIssue({ code: 'custom', message: OPTIONS_MESSAGE, path: ['options'] });
    // Answers that look the same (case, accents, invisible characters, look-alike letters of
    // other scripts: "Yes" and "Yеs" with a Cyrillic е) are one answer (decision record 0099).
    const seen = new Map<string, string>();
    options.forEach((o, i) => {
      const key = nameSkeleton(o);
      const same = seen.get(key);
      if (same !== undefined)
        ctx.addIssue({ code: 'custom', message: sameAnswerMessage(o, same), path: ['options', i] });
      else seen.set(key, o);
    });
  } else if (v.options?.length) {
    ctx.addIssue({
      code: 'custom',
      message: 'Only your own question has answers of its own: the clubs or places are the answers here.',
      path: ['options'],
    });
  }
  if (v.kind === 'final-position' && !v.club)
    ctx.addIssue({ code: 'custom', message: 'Choose the club.', path: ['club'] });
}

const locksAt = z.iso.datetime({ offset: true, error: 'Enter a lock date and time.' });

/** Add a question (the league's creator), to the season named or the current one. */
export const createQuestionSchema = z
  .object({ season: seasonId.optional(), ...questionFields, locksAt })
  .superRefine(refineQuestion);
export type CreateQuestionInput = z.infer<typeof createQuestionSchema>;

/** Change a question before its lock: every field anew (answers that still fit are kept, decision 0101). */
export const updateQuestionSchema = z.object({ ...questionFields, locksAt }).superRefine(refineQuestion);
export type UpdateQuestionInput = z.infer<typeof updateQuestionSchema>;
