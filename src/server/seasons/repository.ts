import { sql } from 'kysely';
import type { DB } from '../db/index.js';
import type { ClubTable, SeasonTable } from '../db/schema.js';

/** The competition every season belongs to today (competitions are data; this is the one the app serves). */
export const DEFAULT_COMPETITION = 'premier-league';

/** A season with what its phase and the current-season rule need (decision record 0016). */
export interface SeasonSpanRow {
  id: string;
  competitionId: string;
  label: string;
  startDate: string | null;
  endDate: string | null;
  /** First and last scheduled kick-off (postponed matches without a time left out). */
  firstKickoff: string | null;
  lastKickoff: string | null;
  /** The competition's pinned current season (null: the clock decides). */
  pinnedSeasonId: string | null;
}

/**
 * Every season with its first and last kick-off: two index lookups per season on
 * `fixtures(seasonId, kickoffAt)`, so resolving the current season stays cheap on every request.
 */
export async function listSeasonSpans(db: DB): Promise<SeasonSpanRow[]> {
  const { rows } = await sql<SeasonSpanRow>`
    SELECT s."id", s."competitionId", s."label", s."startDate", s."endDate",
      (SELECT MIN(f."kickoffAt") FROM "fixtures" f WHERE f."seasonId" = s."id" AND f."kickoffAt" IS NOT NULL) AS "firstKickoff",
      (SELECT MAX(f."kickoffAt") FROM "fixtures" f WHERE f."seasonId" = s."id" AND f."kickoffAt" IS NOT NULL) AS "lastKickoff",
      c."currentSeasonId" AS "pinnedSeasonId"
    FROM "seasons" s JOIN "competitions" c ON c."id" = s."competitionId"
    ORDER BY s."id"`.execute(db);
  return rows;
}

export interface SeasonCountsRow {
  seasonId: string;
  fixtures: number;
  results: number;
  nextKickoff: string | null;
}

/** Per season: fixtures, final results, and the next kick-off after `nowIso` (the seasons list). */
export async function seasonCounts(db: DB, nowIso: string): Promise<SeasonCountsRow[]> {
  const { rows } = await sql<SeasonCountsRow>`
    SELECT s."id" AS "seasonId",
      (SELECT COUNT(*) FROM "fixtures" f WHERE f."seasonId" = s."id") AS "fixtures",
      (SELECT COUNT(*) FROM "fixtures" f JOIN "results" r ON r."fixtureId" = f."id" WHERE f."seasonId" = s."id" AND r."final" = 1) AS "results",
      (SELECT MIN(f."kickoffAt") FROM "fixtures" f WHERE f."seasonId" = s."id" AND f."postponed" = 0 AND f."kickoffAt" > ${nowIso}) AS "nextKickoff"
    FROM "seasons" s`.execute(db);
  return rows.map((r) => ({ ...r, fixtures: Number(r.fixtures), results: Number(r.results) }));
}

/** Whether the competition has a season on this instance (a league may only be of such a competition). */
export async function hasSeasonOf(db: DB, competitionId: string): Promise<boolean> {
  return (
    (await db
      .selectFrom('seasons')
      .select('id')
      .where('competitionId', '=', competitionId)
      .limit(1)
      .executeTakeFirst()) !== undefined
  );
}

export async function getCompetition(db: DB, id: string) {
  return db.selectFrom('competitions').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function listCompetitions(db: DB) {
  return db.selectFrom('competitions').selectAll().orderBy('id').execute();
}

export async function getSeason(db: DB, id: string): Promise<SeasonTable | undefined> {
  return db.selectFrom('seasons').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Pins a competition's current season (null: the clock decides again). */
export async function setPinnedSeason(db: DB, competitionId: string, seasonId: string | null): Promise<void> {
  await db.updateTable('competitions').set({ currentSeasonId: seasonId }).where('id', '=', competitionId).execute();
}

/** Creates a competition if it is missing (a built-in season's); an existing one is left as the admin has it. */
export async function ensureCompetition(
  db: DB,
  c: { id: string; name: string; code: string; timeZone: string },
  nowIso: string,
): Promise<void> {
  await db
    .insertInto('competitions')
    .values({ ...c, currentSeasonId: null, createdAt: nowIso })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}

/** Creates a season if it is missing; true when it was created. */
export async function ensureSeason(
  db: DB,
  s: { id: string; competitionId: string; label: string },
  nowIso: string,
): Promise<boolean> {
  const res = await db
    .insertInto('seasons')
    .values({ ...s, startDate: null, endDate: null, feedUrl: null, createdAt: nowIso, updatedAt: nowIso })
    .onConflict((oc) => oc.column('id').doNothing())
    .executeTakeFirst();
  return Number(res.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Sets a season's dates to those of its first and last fixture (UK dates); every fixture write in it calls this. */
export async function refreshSeasonDates(db: DB, seasonId: string, nowIso: string): Promise<void> {
  await db
    .updateTable('seasons')
    .set({
      startDate: sql<string | null>`(SELECT MIN(f."localDate") FROM "fixtures" f WHERE f."seasonId" = ${seasonId})`,
      endDate: sql<string | null>`(SELECT MAX(f."localDate") FROM "fixtures" f WHERE f."seasonId" = ${seasonId})`,
      updatedAt: nowIso,
    })
    .where('id', '=', seasonId)
    .execute();
}

// ---------------------------------------------------------------- clubs

export type ClubRow = Omit<ClubTable, 'createdAt'>;
const clubColumns = [
  'clubs.id',
  'clubs.name',
  'clubs.shortName',
  'clubs.code',
  'clubs.primaryColour',
  'clubs.secondaryColour',
  'clubs.pattern',
] as const;

/** A season's clubs by name, or every club (`seasonId` null). */
export async function listClubs(db: DB, seasonId: string | null): Promise<ClubRow[]> {
  if (seasonId === null) return db.selectFrom('clubs').select(clubColumns).orderBy('clubs.name').execute();
  return db
    .selectFrom('clubs')
    .innerJoin('seasonClubs', 'seasonClubs.clubId', 'clubs.id')
    .select(clubColumns)
    .where('seasonClubs.seasonId', '=', seasonId)
    .orderBy('clubs.name')
    .execute();
}

/** Whether every one of `names` is a club of the season (fixtures store club names). */
export async function seasonHasClubs(db: DB, seasonId: string, names: readonly string[]): Promise<string[]> {
  const wanted = [...new Set(names)];
  if (wanted.length === 0) return [];
  const rows = await db
    .selectFrom('clubs')
    .innerJoin('seasonClubs', 'seasonClubs.clubId', 'clubs.id')
    .select('clubs.name')
    .where('seasonClubs.seasonId', '=', seasonId)
    .where('clubs.name', 'in', wanted)
    .execute();
  const found = new Set(rows.map((r) => r.name));
  return wanted.filter((n) => !found.has(n));
}

/**
 * Makes sure each club exists, matched by name (how files and fixtures name clubs): an existing
 * club keeps its id and the colours an admin may have given it; a new one is created with the
 * given id (another suffix if that id is taken). Returns the club ids in the order given.
 */
export async function ensureClubs(db: DB, clubs: readonly ClubRow[], nowIso: string): Promise<string[]> {
  if (clubs.length === 0) return [];
  const existing = await db.selectFrom('clubs').select(['id', 'name']).execute();
  const byName = new Map(existing.map((c) => [c.name, c.id]));
  const ids = new Set(existing.map((c) => c.id));
  const out: string[] = [];
  const fresh: ClubTable[] = [];
  for (const club of clubs) {
    let id = byName.get(club.name);
    if (id === undefined) {
      id = club.id;
      for (let n = 2; ids.has(id); n++) id = `${club.id}-${n}`;
      ids.add(id);
      byName.set(club.name, id);
      fresh.push({ ...club, id, createdAt: nowIso });
    }
    out.push(id);
  }
  for (let i = 0; i < fresh.length; i += 50)
    await db
      .insertInto('clubs')
      .values(fresh.slice(i, i + 50))
      .execute();
  return out;
}

/** Puts clubs in a season (already there: nothing happens). */
export async function addSeasonClubs(db: DB, seasonId: string, clubIds: readonly string[]): Promise<void> {
  const unique = [...new Set(clubIds)];
  for (let i = 0; i < unique.length; i += 100) {
    await db
      .insertInto('seasonClubs')
      .values(unique.slice(i, i + 100).map((clubId) => ({ seasonId, clubId })))
      .onConflict((oc) => oc.columns(['seasonId', 'clubId']).doNothing())
      .execute();
  }
}

// ---------------------------------------------------------------- app meta (markers of one-time work)

export async function getMeta(db: DB, key: string): Promise<string | undefined> {
  return (await db.selectFrom('appMeta').select('value').where('key', '=', key).executeTakeFirst())?.value;
}

export async function setMeta(db: DB, key: string, value: string): Promise<void> {
  await db
    .insertInto('appMeta')
    .values({ key, value })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
    .execute();
}
