import type { FastifyInstance } from 'fastify';
import { isOverByClock } from '../../game/fixture-status.js';
import type { DB } from '../db/index.js';
import { importSeasonFixtures, insertMissingFixtures, pairKey, seasonFixturePairs } from './fixtures-repository.js';
import { countGameweekDefinitions, replaceGameweekDefinitions } from './gameweeks-repository.js';
import { rescorePredictions } from './results-repository.js';
import {
  BUILTIN_SEASON_KEYS,
  builtInClubs,
  builtInGameweeks,
  builtInSeasonFixtures,
  builtInSeasonInfo,
  isLeagueSeason,
  replayableResults,
  type BuiltinSeasonKey,
} from './builtin.js';
import {
  addSeasonClubs,
  ensureClubs,
  ensureCompetition,
  ensureSeason,
  getMeta,
  refreshSeasonDates,
  setMeta,
} from './repository.js';

/** The appMeta key that marks a built-in season as ensured (migration 0014 clears 2025/26's old seed marker when there are fixtures to fill in). */
export const seededKey = (seasonId: string) => `season.${seasonId}.seeded`;

export interface SeedReport {
  season: string;
  fixtures: number;
  results: number;
}

/**
 * Puts one built-in season in the database, filling in only what is missing: the season and its
 * competition, its clubs (matched by name; existing ones keep their colours), its fixtures
 * matched by (season, home, away) so nothing is duplicated and nothing already there is changed,
 * its gameweek definitions when it has none, and the real results of the matches already over by
 * the server clock (kick-off + 3 h), as source 'file', never over an existing final result (a
 * provisional in-play score gives way). Predictions on those matches are scored in the same
 * transaction.
 */
export async function ensureBuiltInSeason(db: DB, key: BuiltinSeasonKey, now: Date): Promise<SeedReport> {
  const nowIso = now.toISOString();
  const info = builtInSeasonInfo(key);
  await ensureCompetition(db, info.competition, nowIso);
  await ensureSeason(db, { id: info.id, competitionId: info.competition.id, label: info.label }, nowIso);
  await addSeasonClubs(db, info.id, await ensureClubs(db, builtInClubs(key), nowIso));
  // A league season's pair meets once, so its fixtures are matched by pair (a moved match keeps its
  // id); in a knockout competition a pair may meet again in a later stage, so they go by their id.
  const league = isLeagueSeason(key);
  const added = league
    ? (await importSeasonFixtures(db, info.id, builtInSeasonFixtures(key), nowIso, { updateExisting: false })).added
    : await insertMissingFixtures(db, builtInSeasonFixtures(key), nowIso);
  if ((await countGameweekDefinitions(db, info.id)) === 0)
    await replaceGameweekDefinitions(db, info.id, builtInGameweeks(key), nowIso);

  // Results go to the season's fixture of that pair (an admin may have moved it), or of that id in
  // a knockout season: only once over by its own kick-off.
  const pairs = league ? await seasonFixturePairs(db, info.id) : await fixturesById(db, info.id);
  const played = replayableResults(key)
    .map((r) => ({ r, f: pairs.get(league ? pairKey(r) : r.fixtureId) }))
    .filter(
      (x): x is { r: (typeof x)['r']; f: NonNullable<(typeof x)['f']> } =>
        x.f !== undefined && !x.f.postponed && x.f.kickoffAt !== null && isOverByClock(x.f.kickoffAt, now),
    );
  let results = 0;
  for (let i = 0; i < played.length; i += 200) {
    const inserted = await db
      .insertInto('results')
      .values(
        played.slice(i, i + 200).map(({ r, f }) => ({
          fixtureId: f.id,
          homeScore: r.homeScore,
          awayScore: r.awayScore,
          homeScoreEt: r.extraTime?.homeScore ?? null,
          awayScoreEt: r.extraTime?.awayScore ?? null,
          homePenalties: r.penalties?.homeScore ?? null,
          awayPenalties: r.penalties?.awayScore ?? null,
          final: 1,
          source: 'file' as const,
          updatedAt: nowIso,
        })),
      )
      // Never over a final result (the admin's, or an earlier file's); a provisional in-play score gives way to the real one.
      .onConflict((oc) =>
        oc
          .column('fixtureId')
          .doUpdateSet((eb) => ({
            homeScore: eb.ref('excluded.homeScore'),
            awayScore: eb.ref('excluded.awayScore'),
            homeScoreEt: eb.ref('excluded.homeScoreEt'),
            awayScoreEt: eb.ref('excluded.awayScoreEt'),
            homePenalties: eb.ref('excluded.homePenalties'),
            awayPenalties: eb.ref('excluded.awayPenalties'),
            final: 1,
            source: 'file',
            updatedAt: nowIso,
          }))
          .where('results.final', '=', 0),
      )
      .returning('fixtureId')
      .execute();
    results += inserted.length;
    const fresh = new Set(inserted.map((x) => x.fixtureId));
    const withPredictions = fresh.size
      ? new Set(
          (
            await db
              .selectFrom('predictions')
              .select('fixtureId')
              .distinct()
              .where('fixtureId', 'in', [...fresh])
              .execute()
          ).map((x) => x.fixtureId),
        )
      : new Set<string>();
    for (const { r, f } of played.slice(i, i + 200))
      if (withPredictions.has(f.id)) await rescorePredictions(db, f.id, r);
  }
  await refreshSeasonDates(db, info.id, nowIso);
  return { season: info.id, fixtures: added.length, results };
}

/** A season's fixtures by id, with what the seed's results need. */
async function fixturesById(db: DB, seasonId: string) {
  const rows = await db
    .selectFrom('fixtures')
    .select(['id', 'kickoffAt', 'postponed'])
    .where('seasonId', '=', seasonId)
    .execute();
  return new Map(rows.map((r) => [r.id, r]));
}

/**
 * At start-up (SEED_SEASON, on by default): every built-in season is ensured once (an appMeta
 * marker per season), also on a database upgraded from one season, so deleting a season's
 * fixtures later does not bring them back. Returns what each seeding wrote.
 */
export async function seedBuiltInSeasons(app: FastifyInstance): Promise<SeedReport[]> {
  const { db, clock } = app.deps;
  const reports: SeedReport[] = [];
  for (const key of BUILTIN_SEASON_KEYS) {
    const report = await db.transaction().execute(async (trx) => {
      if (await getMeta(trx, seededKey(key))) return null;
      const out = await ensureBuiltInSeason(trx, key, clock.now());
      await setMeta(trx, seededKey(key), clock.nowIso());
      return out;
    });
    if (!report) continue;
    reports.push(report);
    app.log.info(
      `Seeded the built-in ${report.season} season: ${report.fixtures} new fixtures, ${report.results} results of matches already played (SEED_SEASON)`,
    );
  }
  return reports;
}
