import { z } from 'zod';
import { REMINDER_WINDOWS } from '../game/reminders.js';

/** Hours before a prediction deadline: 24 or 6. */
const reminderWindow = z.literal(REMINDER_WINDOWS);

/** A player's reminder preferences: on/off and how long before a deadline (24 h, 6 h or both). */
export const reminderSettingsSchema = z.object({
  remindersEnabled: z.boolean({ error: 'Choose whether to get reminders.' }),
  windows: z
    .array(z.union([z.literal(24), z.literal(6)]), { error: 'Choose when to be reminded.' })
    .min(1, { error: 'Choose at least one reminder time.' })
    .max(2),
});
export type ReminderSettingsInput = z.infer<typeof reminderSettingsSchema>;

// ---------------------------------------------------------------- responses

export const reminderSettingsDto = z.object({ remindersEnabled: z.boolean(), windows: z.array(reminderWindow) });
export type ReminderSettings = z.infer<typeof reminderSettingsDto>;

/** The one-click unsubscribe link answers with a small HTML page. */
export const unsubscribePage = z.string().describe('text/html');
