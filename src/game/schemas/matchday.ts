import { z } from 'zod';
import { RESULT_SCORE_MAX } from '../limits.js';

const score = (side: string) =>
  z
    .number({ error: `Enter the ${side} score.` })
    .int({ error: `The ${side} score must be a whole number.` })
    .min(0, { error: `The ${side} score must be between 0 and ${RESULT_SCORE_MAX}.` })
    .max(RESULT_SCORE_MAX, { error: `The ${side} score must be between 0 and ${RESULT_SCORE_MAX}.` });

/** The admin's in-play (provisional) score of a live match. */
export const liveScoreSchema = z.object({ homeScore: score('home'), awayScore: score('away') });
export type LiveScoreInput = z.infer<typeof liveScoreSchema>;

/** A player's reminder preferences: on/off and how long before a deadline (24 h, 6 h or both). */
export const reminderSettingsSchema = z.object({
  remindersEnabled: z.boolean({ error: 'Choose whether to get reminders.' }),
  windows: z
    .array(z.union([z.literal(24), z.literal(6)]), { error: 'Choose when to be reminded.' })
    .min(1, { error: 'Choose at least one reminder time.' })
    .max(2),
});
export type ReminderSettingsInput = z.infer<typeof reminderSettingsSchema>;
