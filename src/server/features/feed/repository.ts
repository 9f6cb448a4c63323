import { sql } from 'kysely';
import type { DB } from '../../db/index.js';
import type { FeedRunOutcome, FixtureFields, PendingMoveTable } from '../../db/schema.js';
import type {
  ExistingFixture,
  HeldMove,
  IncomingSource,
  NewFixture,
  RejectedMove,
  Schedule,
  SyncConflict,
} from '../../season-files/sync-types.js';
import type { FeedSnapshot } from '../../season-files/sync-merge.js';
import { lockIfMovedAfterDeadline } from '../../seasons/fixtures-repository.js';
import { withFixturesMoving } from '../../points/points-aggregate.js';

// ---------------------------------------------------------------- a season as the planner sees it

/** A season's fixtures with their results, as `planSeasonSync` takes them (only `fixtureId`, when given). */
export async function loadSyncFixtures(db: DB, seasonId: string, fixtureId?: string): Promise<ExistingFixture[]> {
  let query = db
    .selectFrom('fixtures')
    .leftJoin('results', 'results.fixtureId', 'fixtures.id')
    .select([
      'fixtures.id',
      'fixtures.homeTeam',
      'fixtures.awayTeam',
      'fixtures.kickoffAt',
      'fixtures.localDate',
      'fixtures.localTime',
      'fixtures.gameweek',
      'fixtures.postponed',
      'fixtures.predictionsLockedAt',
      'fixtures.stage',
      'fixtures.leg',
      'results.homeScore',
      'results.awayScore',
      'results.final',
      'results.source',
    ])
    .where('fixtures.seasonId', '=', seasonId)
    .orderBy('fixtures.id');
  if (fixtureId !== undefined) query = query.where('fixtures.id', '=', fixtureId);
  const rows = await query.execute();
  return rows.map((r) => ({
    id: r.id,
    homeTeam: r.homeTeam,
    awayTeam: r.awayTeam,
    kickoffAt: r.kickoffAt,
    localDate: r.localDate,
    localTime: r.localTime,
    gameweek: r.gameweek === null ? null : Number(r.gameweek),
    postponed: Number(r.postponed),
    predictionsLockedAt: r.predictionsLockedAt,
    stage: r.stage,
    leg: r.leg === null ? null : Number(r.leg),
    result:
      r.homeScore === null || r.awayScore === null || r.source === null
        ? null
        : { homeScore: Number(r.homeScore), awayScore: Number(r.awayScore), final: Number(r.final), source: r.source },
  }));
}

/** A season's placeholders per fixture (only fixtures with a side not known yet). */
export async function loadPlaceholders(
  db: DB,
  seasonId: string,
): Promise<Map<string, { homeLabel: string | null; awayLabel: string | null }>> {
  const rows = await db
    .selectFrom('fixtures')
    .select(['id', 'homeLabel', 'awayLabel'])
    .where('seasonId', '=', seasonId)
    .where((eb) => eb.or([eb('homeLabel', 'is not', null), eb('awayLabel', 'is not', null)]))
    .execute();
  return new Map(rows.map((r) => [r.id, { homeLabel: r.homeLabel, awayLabel: r.awayLabel }]));
}

/**
 * Writes the teams the feed filled in (feed/team-fills.ts): a filled side gets its club and loses
 * its placeholder. Only while its placeholders are still those planned from, so a team the admin
 * set meanwhile is never overwritten; returns the fixtures written.
 */
export async function fillFixtureTeams(
  db: DB,
  fills: ReadonlyArray<{
    fixtureId: string;
    homeTeam: string;
    awayTeam: string;
    homeLabel: string | null;
    awayLabel: string | null;
    was: { homeLabel: string | null; awayLabel: string | null };
  }>,
  nowIso: string,
): Promise<number> {
  let written = 0;
  for (const f of fills) {
    const res = await db
      .updateTable('fixtures')
      .set({
        homeTeam: f.homeTeam,
        awayTeam: f.awayTeam,
        homeLabel: f.homeLabel,
        awayLabel: f.awayLabel,
        updatedAt: nowIso,
      })
      .where('id', '=', f.fixtureId)
      .where((eb) =>
        eb.and([
          f.was.homeLabel === null ? eb('homeLabel', 'is', null) : eb('homeLabel', '=', f.was.homeLabel),
          f.was.awayLabel === null ? eb('awayLabel', 'is', null) : eb('awayLabel', '=', f.was.awayLabel),
        ]),
      )
      .executeTakeFirst();
    written += Number(res.numUpdatedRows);
  }
  return written;
}

// ---------------------------------------------------------------- applying a plan (called inside its transaction)

export async function insertSyncFixtures(
  db: DB,
  seasonId: string,
  league: string,
  rows: readonly NewFixture[],
  nowIso: string,
): Promise<void> {
  const values: Array<
    FixtureFields & { id: string; stage?: string | null; leg?: number | null; createdAt: string; updatedAt: string }
  > = rows.map((f) => ({
    id: f.id,
    seasonId,
    homeTeam: f.homeTeam,
    awayTeam: f.awayTeam,
    kickoffAt: f.kickoffAt,
    localDate: f.localDate,
    localTime: f.localTime,
    gameweek: f.gameweek,
    league,
    postponed: f.postponed ? 1 : 0,
    // A competition's new match keeps its stage and leg (a league season's fixtures have none).
    ...(f.stage !== undefined ? { stage: f.stage, leg: f.leg ?? null } : {}),
    createdAt: nowIso,
    updatedAt: nowIso,
  }));
  // 50 rows × 12 columns stays well under both databases' bound-parameter limits.
  for (let i = 0; i < values.length; i += 50)
    await db
      .insertInto('fixtures')
      .values(values.slice(i, i + 50))
      .execute();
}

/**
 * A new kick-off (or a postponement): the deadline moves with it, and a match whose deadline had
 * already passed keeps its predictions closed (decision 0012; the fixtures repository's SQL, which
 * reads the row's old values, so nothing can race it).
 */
export async function updateSchedule(db: DB, fixtureId: string, to: Schedule, nowIso: string): Promise<void> {
  await db
    .updateTable('fixtures')
    .set({
      kickoffAt: to.kickoffAt,
      localDate: to.localDate,
      localTime: to.localTime,
      postponed: to.postponed ? 1 : 0,
      updatedAt: nowIso,
      predictionsLockedAt: lockIfMovedAfterDeadline(to.kickoffAt, nowIso),
    })
    .where('id', '=', fixtureId)
    .execute();
}

/** Moves a fixture to another gameweek, its scored predictions' points along (points/points-aggregate.ts). */
export async function updateGameweek(db: DB, fixtureId: string, gameweek: number, nowIso: string): Promise<void> {
  await withFixturesMoving(db, { ids: [fixtureId] }, (trx) =>
    trx.updateTable('fixtures').set({ gameweek, updatedAt: nowIso }).where('id', '=', fixtureId).execute(),
  );
}

/** Drops an in-play score (never a final result): the match no longer has a kick-off behind it. */
export async function deleteProvisionalScore(db: DB, fixtureId: string): Promise<void> {
  await db.deleteFrom('results').where('fixtureId', '=', fixtureId).where('final', '=', 0).execute();
}

// ---------------------------------------------------------------- conflicts

/**
 * Records the disagreements of a run. A conflict seen again with the same feed score keeps the
 * admin's decision (settled stays settled); a different feed score opens it again.
 */
export async function recordConflicts(
  db: DB,
  seasonId: string,
  conflicts: readonly SyncConflict[],
  nowIso: string,
): Promise<void> {
  for (const c of conflicts) {
    await db
      .insertInto('feedConflicts')
      .values({
        fixtureId: c.fixtureId,
        seasonId,
        feedHome: c.incoming.homeScore,
        feedAway: c.incoming.awayScore,
        seenAt: nowIso,
        resolvedAt: null,
        resolution: null,
      })
      .onConflict((oc) =>
        oc.column('fixtureId').doUpdateSet({
          seenAt: nowIso,
          resolvedAt: sql`CASE WHEN "feedConflicts"."feedHome" = ${c.incoming.homeScore} AND "feedConflicts"."feedAway" = ${c.incoming.awayScore} THEN "feedConflicts"."resolvedAt" ELSE NULL END`,
          resolution: sql`CASE WHEN "feedConflicts"."feedHome" = ${c.incoming.homeScore} AND "feedConflicts"."feedAway" = ${c.incoming.awayScore} THEN "feedConflicts"."resolution" ELSE NULL END`,
          feedHome: c.incoming.homeScore,
          feedAway: c.incoming.awayScore,
        }),
      )
      .execute();
  }
}

/** Open conflicts of fixtures the file has that it no longer disagrees on (the feed caught up, or the admin's result changed): gone. */
export async function dropSettledConflicts(
  db: DB,
  seasonId: string,
  matchedIds: readonly string[],
  stillConflicting: readonly string[],
): Promise<void> {
  const keep = new Set(stillConflicting);
  const gone = matchedIds.filter((id) => !keep.has(id));
  for (let i = 0; i < gone.length; i += 200) {
    await db
      .deleteFrom('feedConflicts')
      .where('seasonId', '=', seasonId)
      .where('resolvedAt', 'is', null)
      .where('fixtureId', 'in', gone.slice(i, i + 200))
      .execute();
  }
}

export interface ConflictRow {
  fixtureId: string;
  homeTeam: string;
  awayTeam: string;
  kickoffAt: string | null;
  feedHome: number;
  feedAway: number;
  seenAt: string;
  adminHome: number | null;
  adminAway: number | null;
}

export async function listOpenConflicts(db: DB, seasonId: string): Promise<ConflictRow[]> {
  const rows = await db
    .selectFrom('feedConflicts')
    .innerJoin('fixtures', 'fixtures.id', 'feedConflicts.fixtureId')
    .leftJoin('results', (j) =>
      j.onRef('results.fixtureId', '=', 'feedConflicts.fixtureId').on('results.final', '=', 1),
    )
    .select([
      'feedConflicts.fixtureId',
      'fixtures.homeTeam',
      'fixtures.awayTeam',
      'fixtures.kickoffAt',
      'feedConflicts.feedHome',
      'feedConflicts.feedAway',
      'feedConflicts.seenAt',
      'results.homeScore as adminHome',
      'results.awayScore as adminAway',
    ])
    .where('feedConflicts.seasonId', '=', seasonId)
    .where('feedConflicts.resolvedAt', 'is', null)
    .orderBy('fixtures.kickoffAt')
    .orderBy('feedConflicts.fixtureId')
    .execute();
  return rows.map((r) => ({
    ...r,
    feedHome: Number(r.feedHome),
    feedAway: Number(r.feedAway),
    adminHome: r.adminHome === null ? null : Number(r.adminHome),
    adminAway: r.adminAway === null ? null : Number(r.adminAway),
  }));
}

export async function openConflictCounts(db: DB): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('feedConflicts')
    .select(['seasonId', (eb) => eb.fn.countAll<number>().as('n')])
    .where('resolvedAt', 'is', null)
    .groupBy('seasonId')
    .execute();
  return new Map(rows.map((r) => [r.seasonId, Number(r.n)]));
}

export async function getOpenConflict(db: DB, seasonId: string, fixtureId: string) {
  return db
    .selectFrom('feedConflicts')
    .selectAll()
    .where('seasonId', '=', seasonId)
    .where('fixtureId', '=', fixtureId)
    .where('resolvedAt', 'is', null)
    .executeTakeFirst();
}

export async function settleConflict(
  db: DB,
  fixtureId: string,
  resolution: 'admin' | 'feed',
  nowIso: string,
): Promise<void> {
  await db
    .updateTable('feedConflicts')
    .set({ resolvedAt: nowIso, resolution })
    .where('fixtureId', '=', fixtureId)
    .execute();
}

// ---------------------------------------------------------------- moves held for the admin (decision 0100)

export type PendingMoveRow = PendingMoveTable & { homeTeam: string; awayTeam: string };

const scheduleOf = (kickoffAt: string | null, localDate: string, localTime: string | null, postponed: number) => ({
  kickoffAt,
  localDate,
  localTime,
  postponed: Boolean(Number(postponed)),
});
/** Where a held move takes its fixture, and where the fixture was when it was proposed. */
export const movedTo = (r: PendingMoveTable): Schedule =>
  scheduleOf(r.kickoffAt, r.localDate, r.localTime, r.postponed);
export const movedFrom = (r: PendingMoveTable): Schedule =>
  scheduleOf(r.fromKickoffAt, r.fromLocalDate, r.fromLocalTime, r.fromPostponed);

/** A season's held and rejected moves, soonest proposed kick-off first. */
export async function listMoves(db: DB, seasonId: string): Promise<PendingMoveRow[]> {
  const rows = await db
    .selectFrom('pendingMoves')
    .innerJoin('fixtures', 'fixtures.id', 'pendingMoves.fixtureId')
    .selectAll('pendingMoves')
    .select(['fixtures.homeTeam', 'fixtures.awayTeam'])
    .where('pendingMoves.seasonId', '=', seasonId)
    .orderBy('pendingMoves.status')
    .orderBy('pendingMoves.kickoffAt')
    .orderBy('pendingMoves.fixtureId')
    .execute();
  return rows.map((r) => ({
    ...r,
    homeScore: r.homeScore === null ? null : Number(r.homeScore),
    awayScore: r.awayScore === null ? null : Number(r.awayScore),
  }));
}

/** The moves of a season the admin rejected, for the planner (`rejectedMoves`). */
export async function rejectedMoves(db: DB, seasonId: string): Promise<RejectedMove[]> {
  const rows = await db
    .selectFrom('pendingMoves')
    .selectAll()
    .where('seasonId', '=', seasonId)
    .where('status', '=', 'rejected')
    .execute();
  return rows.map((r) => ({ fixtureId: r.fixtureId, to: movedTo(r) }));
}

/**
 * Records what a run (feed) or re-import (file) held back: each held move is stored as pending
 * (a new proposal for a fixture replaces its older one, a rejected one too: it is another move);
 * this source's rows for the other fixtures the file named are dropped, unless the file still
 * proposes the move the admin rejected (`stillRejected`): the file no longer says so, or the move
 * was applied by now because the match's stored kick-off has passed.
 */
export async function recordHeldMoves(
  db: DB,
  seasonId: string,
  source: IncomingSource,
  held: readonly HeldMove[],
  named: readonly string[],
  stillRejected: readonly string[],
  nowIso: string,
): Promise<void> {
  for (const m of held) {
    const row = {
      source,
      status: 'pending' as const,
      fromKickoffAt: m.from.kickoffAt,
      fromLocalDate: m.from.localDate,
      fromLocalTime: m.from.localTime,
      fromPostponed: m.from.postponed ? 1 : 0,
      kickoffAt: m.to.kickoffAt,
      localDate: m.to.localDate,
      localTime: m.to.localTime,
      postponed: m.to.postponed ? 1 : 0,
      homeScore: m.result?.homeScore ?? null,
      awayScore: m.result?.awayScore ?? null,
      description: m.description,
      seenAt: nowIso,
      decidedAt: null,
    };
    await db
      .insertInto('pendingMoves')
      .values({ fixtureId: m.fixtureId, seasonId, ...row })
      .onConflict((oc) => oc.column('fixtureId').doUpdateSet(row))
      .execute();
  }
  const keep = new Set([...held.map((m) => m.fixtureId), ...stillRejected]);
  const gone = named.filter((id) => !keep.has(id));
  for (let i = 0; i < gone.length; i += 200) {
    await db
      .deleteFrom('pendingMoves')
      .where('seasonId', '=', seasonId)
      .where('source', '=', source)
      .where('fixtureId', 'in', gone.slice(i, i + 200))
      .execute();
  }
}

export async function getPendingMove(db: DB, seasonId: string, fixtureId: string) {
  return db
    .selectFrom('pendingMoves')
    .selectAll()
    .where('seasonId', '=', seasonId)
    .where('fixtureId', '=', fixtureId)
    .where('status', '=', 'pending')
    .executeTakeFirst();
}

export async function rejectMove(db: DB, fixtureId: string, nowIso: string): Promise<void> {
  await db
    .updateTable('pendingMoves')
    .set({ status: 'rejected', decidedAt: nowIso })
    .where('fixtureId', '=', fixtureId)
    .execute();
}

export async function deleteMove(db: DB, fixtureId: string): Promise<void> {
  await db.deleteFrom('pendingMoves').where('fixtureId', '=', fixtureId).execute();
}

/** Moves waiting for the admin, per season. */
export async function pendingMoveCounts(db: DB): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('pendingMoves')
    .select(['seasonId', (eb) => eb.fn.countAll<number>().as('n')])
    .where('status', '=', 'pending')
    .groupBy('seasonId')
    .execute();
  return new Map(rows.map((r) => [r.seasonId, Number(r.n)]));
}

// ---------------------------------------------------------------- runs

export interface RunRecord {
  id: string;
  seasonId: string;
  startedAt: string;
  finishedAt: string | null;
  outcome: FeedRunOutcome | null;
  message: string | null;
  changes: string | null;
}

export async function insertRun(db: DB, run: RunRecord): Promise<void> {
  await db.insertInto('feedRuns').values(run).execute();
}

export async function listRuns(db: DB, seasonId: string, limit: number): Promise<RunRecord[]> {
  return db
    .selectFrom('feedRuns')
    .selectAll()
    .where('seasonId', '=', seasonId)
    .orderBy('startedAt', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** Each season's latest run. */
export async function latestRuns(db: DB): Promise<RunRecord[]> {
  const { rows } = await sql<RunRecord>`
    SELECT r.* FROM "feedRuns" r
    WHERE r."id" = (SELECT r2."id" FROM "feedRuns" r2 WHERE r2."seasonId" = r."seasonId" ORDER BY r2."startedAt" DESC, r2."id" DESC LIMIT 1)`.execute(
    db,
  );
  return rows;
}

/** Keeps a season's last `keep` runs (the list is a log, not an archive). */
export async function pruneRuns(db: DB, seasonId: string, keep: number): Promise<void> {
  const old = await db
    .selectFrom('feedRuns')
    .select('id')
    .where('seasonId', '=', seasonId)
    .orderBy('startedAt', 'desc')
    .orderBy('id', 'desc')
    .offset(keep)
    .limit(1000)
    .execute();
  if (old.length)
    await db
      .deleteFrom('feedRuns')
      .where(
        'id',
        'in',
        old.map((r) => r.id),
      )
      .execute();
}

// ---------------------------------------------------------------- the snapshot of the three-way merge

export async function getSnapshot(db: DB, seasonId: string): Promise<FeedSnapshot | null> {
  const row = await db
    .selectFrom('feedSnapshots')
    .select('snapshot')
    .where('seasonId', '=', seasonId)
    .executeTakeFirst();
  return row ? (JSON.parse(row.snapshot) as FeedSnapshot) : null;
}

export async function putSnapshot(db: DB, seasonId: string, snapshot: FeedSnapshot, nowIso: string): Promise<void> {
  const text = JSON.stringify(snapshot);
  await db
    .insertInto('feedSnapshots')
    .values({ seasonId, snapshot: text, takenAt: nowIso })
    .onConflict((oc) => oc.column('seasonId').doUpdateSet({ snapshot: text, takenAt: nowIso }))
    .execute();
}

// ---------------------------------------------------------------- feed addresses

export async function setFeedUrl(db: DB, seasonId: string, feedUrl: string | null, nowIso: string): Promise<void> {
  await db.updateTable('seasons').set({ feedUrl, updatedAt: nowIso }).where('id', '=', seasonId).execute();
  // A new address is another source: what the old one said is no base for a merge.
  await db.deleteFrom('feedSnapshots').where('seasonId', '=', seasonId).execute();
}

export async function seasonsWithFeed(db: DB): Promise<Array<{ id: string; feedUrl: string }>> {
  const rows = await db
    .selectFrom('seasons')
    .select(['id', 'feedUrl'])
    .where('feedUrl', 'is not', null)
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ id: r.id, feedUrl: r.feedUrl! }));
}

// ---------------------------------------------------------------- leases (once across instances)

/**
 * Claims a named lease until `expiresIso`, in one conditional upsert that works on both
 * databases: a free name is taken; a held one only when it has expired or this holder has it.
 * True when this holder has it now.
 */
export async function claimLease(
  db: DB,
  name: string,
  holder: string,
  nowIso: string,
  expiresIso: string,
): Promise<boolean> {
  const rows = await db
    .insertInto('leases')
    .values({ name, holder, expiresAt: expiresIso })
    .onConflict((oc) =>
      oc
        .column('name')
        .doUpdateSet({ holder, expiresAt: expiresIso })
        .where((eb) => eb.or([eb('leases.expiresAt', '<=', nowIso), eb('leases.holder', '=', holder)])),
    )
    .returning('holder')
    .execute();
  return rows.length === 1 && rows[0]!.holder === holder;
}

export async function releaseLease(db: DB, name: string, holder: string): Promise<void> {
  await db.deleteFrom('leases').where('name', '=', name).where('holder', '=', holder).execute();
}
