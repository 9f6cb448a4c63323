import type { Fixture } from '../../../contract/fixtures';
import { bulkResultRowSchema, type BulkResultRow } from '../../../contract/results';
import { matchScoreProblem } from '../../../game/knockout';
import { isKnockoutStage, isStage } from '../../../game/stages';

/** A row's scores as typed: after 90 minutes, and (knockout matches) after extra time and the shoot-out. */
export type Draft = { home: string; away: string; etHome: string; etAway: string; penHome: string; penAway: string };
const text = (n: number | undefined) => (n === undefined ? '' : String(n));
export const savedDraft = (f: Fixture): Draft => ({
  home: text(f.result?.homeScore),
  away: text(f.result?.awayScore),
  etHome: text(f.result?.extraTime?.homeScore),
  etAway: text(f.result?.extraTime?.awayScore),
  penHome: text(f.result?.penalties?.homeScore),
  penAway: text(f.result?.penalties?.awayScore),
});
const DRAFT_KEYS = ['home', 'away', 'etHome', 'etAway', 'penHome', 'penAway'] as const;
export const same = (a: Draft, b: Draft) => DRAFT_KEYS.every((k) => a[k] === b[k]);
/** A knockout match may go to extra time and penalties: its row offers those scores too. */
export const isKnockout = (f: Fixture) => Boolean(f.stage && isStage(f.stage) && isKnockoutStage(f.stage));

/**
 * Checks one row as the server will: both scores, whole numbers 0–99; after extra time and on
 * penalties both or neither, and together they must make sense (src/game/knockout.ts).
 */
export function checkRow(f: Fixture, d: Draft): { row: BulkResultRow } | { error: string } {
  if (d.home === '' || d.away === '') return { error: 'Enter both scores.' };
  if ((d.etHome === '') !== (d.etAway === '')) return { error: 'Enter both scores after extra time, or neither.' };
  if ((d.penHome === '') !== (d.penAway === '')) return { error: 'Enter both penalty shoot-out scores, or neither.' };
  const pair = (h: string, a: string) => (h === '' ? undefined : { homeScore: Number(h), awayScore: Number(a) });
  const parsed = bulkResultRowSchema.safeParse({
    fixtureId: f.id,
    homeScore: Number(d.home),
    awayScore: Number(d.away),
    ...(isKnockout(f) ? { extraTime: pair(d.etHome, d.etAway), penalties: pair(d.penHome, d.penAway) } : {}),
  });
  if (!parsed.success) return { error: parsed.error.issues[0]?.message ?? 'Invalid score.' };
  const r = parsed.data;
  const problem = matchScoreProblem({
    ninety: { homeScore: r.homeScore, awayScore: r.awayScore },
    extraTime: r.extraTime,
    penalties: r.penalties,
  });
  return problem ? { error: problem } : { row: r };
}
