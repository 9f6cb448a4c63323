import { z } from 'zod';
import { LEAGUE_DESCRIPTION_MAX, LEAGUE_NAME_MAX } from '../limits.js';
import { hasHiddenCharacters, hasHiddenTextCharacters, hiddenCharactersMessage } from './common.js';

export const COMPETITIONS = ['premier-league', 'champions-league', 'world-cup', 'euros'] as const;
export const PRIVACIES = ['private', 'public'] as const;
export type Competition = (typeof COMPETITIONS)[number];
export type Privacy = (typeof PRIVACIES)[number];

export const LEAGUE_NAME_TOO_LONG = `League name must be ${LEAGUE_NAME_MAX} characters or less.`;

const leagueName = (emptyMessage: string) =>
  z
    .string({ error: emptyMessage })
    .trim()
    .min(1, { error: emptyMessage })
    .max(LEAGUE_NAME_MAX, { error: LEAGUE_NAME_TOO_LONG })
    .refine((v) => !hasHiddenCharacters(v), { error: hiddenCharactersMessage('League name') });

const leagueExtras = {
  description: z
    .string()
    .trim()
    .max(LEAGUE_DESCRIPTION_MAX, { error: `Description must be ${LEAGUE_DESCRIPTION_MAX} characters or less.` })
    .refine((v) => !hasHiddenTextCharacters(v), { error: hiddenCharactersMessage('Description') })
    .optional(),
  competition: z.enum(COMPETITIONS, { error: 'Please choose a competition.' }).optional(),
  privacy: z.enum(PRIVACIES, { error: 'Please choose who can join.' }).optional(),
};

/** Create a league: the server route and the leaderboard's create view (spec §5 message). */
export const createLeagueSchema = z.object({ name: leagueName('League name cannot be empty.'), ...leagueExtras });
export type CreateLeagueInput = z.infer<typeof createLeagueSchema>;

/** The New League screen's form: the same rules, with that screen's own message (spec §5). */
export const newLeagueFormSchema = z.object({
  name: leagueName('Please enter a league name.'),
  description: leagueExtras.description,
  competition: z.enum(COMPETITIONS, { error: 'Please choose a competition.' }),
  privacy: z.enum(PRIVACIES, { error: 'Please choose who can join.' }),
});
export type NewLeagueFormInput = z.infer<typeof newLeagueFormSchema>;

export const joinLeagueSchema = z.object({
  code: z.string({ error: 'League code cannot be empty.' }).trim().min(1, { error: 'League code cannot be empty.' }).max(40, { error: 'Invalid league code. No league found.' }),
});
export type JoinLeagueInput = z.infer<typeof joinLeagueSchema>;

export const renameLeagueSchema = z.object({ name: leagueName('League name cannot be empty.') });
export type RenameLeagueInput = z.infer<typeof renameLeagueSchema>;
