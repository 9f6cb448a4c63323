import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { FeedRun } from '../../../contract/admin-seasons.js';
import { fetchSeasonFeed } from '../../season-files/feed-fetch.js';
import { mergeWithSnapshot, snapshotOf, type FeedSnapshot } from '../../season-files/sync-merge.js';
import {
  isKnockoutSeason,
  matchKey,
  matchStored,
  pairKey,
  planSeasonSync,
  type IncomingMatch,
} from '../../season-files/sync-plan.js';
import type { AcceptedPlan, ExistingFixture } from '../../season-files/sync-types.js';
import { syncReport } from '../../season-files/sync-report.js';
import { getCompetition, getSeason, listClubs } from '../../seasons/repository.js';
import { UK_ZONE } from '../../../game/time.js';
import { applySeasonPlan } from './apply.js';
import { planTeamFills } from './team-fills.js';
import {
  claimLease,
  fillFixtureTeams,
  loadPlaceholders,
  getSnapshot,
  insertRun,
  loadSyncFixtures,
  pruneRuns,
  putSnapshot,
  rejectedMoves,
  releaseLease,
  type RunRecord,
} from './repository.js';

/** Runs kept per season. */
export const RUNS_KEPT = 50;
/** How long a run may hold its season's lease beyond the fetch's own time limit. */
const LEASE_MARGIN_MS = 60_000;

const holders = new WeakMap<FastifyInstance, string>();
/** This instance's name on leases (a random id per running app). */
export function instanceId(app: FastifyInstance): string {
  let id = holders.get(app);
  if (!id) {
    id = crypto.randomUUID();
    holders.set(app, id);
  }
  return id;
}

let runCounter = 0;
/** Run ids sort in the order the runs were made (the app's clock may stand still: SCORELINE_NOW, tests). */
function runId(): string {
  runCounter = (runCounter + 1) % 1_679_616;
  return `${Date.now().toString(36).padStart(9, '0')}${runCounter.toString(36).padStart(4, '0')}-${crypto.randomUUID().slice(0, 8)}`;
}

export const feedLeaseName = (seasonId: string) => `feed:${seasonId}`;

export type FeedSyncOutcome = { busy: true } | { busy: false; run: FeedRun };

export function presentRun(r: RunRecord): FeedRun {
  let changes: string[] = [];
  try {
    const parsed: unknown = r.changes ? JSON.parse(r.changes) : [];
    if (Array.isArray(parsed)) changes = parsed.filter((x): x is string => typeof x === 'string');
  } catch {
    // An unreadable record shows no lines rather than failing the screen.
  }
  return {
    id: r.id,
    startedAt: r.startedAt,
    finishedAt: r.finishedAt,
    outcome: r.outcome,
    message: r.message,
    changes,
  };
}

/**
 * The snapshot is what the feed said when it was applied: a move that was held (or rejected) was
 * not applied, so its match keeps the stored schedule there. Otherwise the next run's merge would
 * take the stored kick-off for the admin's own change and drop the proposal unseen.
 */
function withUnappliedMoves(
  snapshot: FeedSnapshot,
  plan: AcceptedPlan,
  stored: readonly ExistingFixture[],
  incoming: readonly IncomingMatch[],
  knockout: boolean,
): FeedSnapshot {
  const unapplied = new Set([
    ...plan.held.map((h) => h.fixtureId),
    ...plan.skipped.filter((x) => x.kind === 'move_rejected').map((x) => x.fixtureId),
  ]);
  const out = { ...snapshot };
  if (knockout) {
    // A pair may meet twice: each entry is the match's, by the fixture the planner paired it with.
    const paired = matchStored(stored, incoming, true);
    incoming.forEach((m, i) => {
      const f = paired[i];
      const key = matchKey(m.home, m.away, m.stage, true);
      const entry = out[key];
      if (!f || !unapplied.has(f.id) || !entry) return;
      const postponed = Boolean(f.postponed) || f.localTime === null;
      out[key] = { ...entry, date: f.localDate, time: postponed ? null : f.localTime, postponed };
    });
    return out;
  }
  for (const f of stored) {
    const key = pairKey(f.homeTeam, f.awayTeam);
    const entry = out[key];
    if (!unapplied.has(f.id) || !entry) continue;
    const postponed = Boolean(f.postponed) || f.localTime === null;
    out[key] = { ...entry, date: f.localDate, time: postponed ? null : f.localTime, postponed };
  }
  return out;
}

/**
 * One run of a season's results feed (docs/feed.md): fetch within limits, plan against the
 * stored season (three-way merged with what the feed said last time), apply in ONE transaction
 * with its run record, then publish. Runs once across instances: a run holds the season's lease
 * (another instance's "Sync now" or schedule gets `busy`). A feed that is down, slow, garbage or
 * partial changes nothing; the run says why, on the screen (feedRuns) and in the log.
 */
export async function runFeedSync(
  app: FastifyInstance,
  seasonId: string,
  trigger: 'schedule' | 'admin',
  signal?: AbortSignal,
): Promise<FeedSyncOutcome> {
  const { db, clock, config } = app.deps;
  const holder = instanceId(app);
  const lease = feedLeaseName(seasonId);
  const timeoutMs = Math.round(config.FEED_TIMEOUT_SECONDS * 1000);
  // Leases are about processes, not the game: they run on the wall clock even when SCORELINE_NOW fixes the app's.
  const wall = Date.now();
  if (
    !(await claimLease(
      db,
      lease,
      holder,
      new Date(wall).toISOString(),
      new Date(wall + timeoutMs + LEASE_MARGIN_MS).toISOString(),
    ))
  )
    return { busy: true };
  try {
    const startedAt = clock.nowIso();
    const run = (outcome: RunRecord['outcome'], message: string, changes: string[]): RunRecord => ({
      id: runId(),
      seasonId,
      startedAt,
      finishedAt: clock.nowIso(),
      outcome,
      message,
      changes: JSON.stringify(changes),
    });
    const fail = async (message: string) => {
      const r = run('failed', message, []);
      await insertRun(db, r);
      await pruneRuns(db, seasonId, RUNS_KEPT);
      await app.deps.bus.publish({ type: 'feed.changed', seasonId });
      app.log.warn({ season: seasonId, trigger }, `Results feed of ${seasonId}: ${message}`);
      return { busy: false as const, run: presentRun(r) };
    };

    const season = await getSeason(db, seasonId);
    if (!season) return await fail('The season no longer exists.');
    if (!season.feedUrl) return await fail('No feed address is set for this season. Nothing was changed.');
    const fetched = await fetchSeasonFeed(season.feedUrl, {
      timeoutMs,
      parseTimeLimitMs: app.security.limits.seasonFileParseMs,
      allowPrivateAddresses: config.FEED_ALLOW_PRIVATE_ADDRESSES,
      now: () => clock.now(),
      signal,
    });
    if (!fetched.ok) return await fail(`The feed could not be used: ${fetched.message} Nothing was changed.`);

    const competition = await getCompetition(db, season.competitionId);
    let out;
    try {
      out = await db.transaction().execute(async (trx) => {
        const labels = await loadPlaceholders(trx, seasonId);
        const stored = (await loadSyncFixtures(trx, seasonId)).map((f) => ({
          ...f,
          homeLabel: labels.get(f.id)?.homeLabel ?? null,
          awayLabel: labels.get(f.id)?.awayLabel ?? null,
        }));
        const rows = await listClubs(trx, seasonId);
        const short = new Map(rows.map((c) => [c.name, c.shortName]));
        const timeZone = competition?.timeZone ?? UK_ZONE;
        // Teams of knockout matches the feed now knows, and the feed in the store's names (team-fills.ts).
        const teams = planTeamFills(stored, fetched.parsed.matches, { zone: timeZone, clubs: rows.map((c) => c.name) });
        const existing = teams.existing;
        // A competition's season (league phase, knockouts): a pair may meet twice, so it is matched by stage too.
        const knockout = isKnockoutSeason(existing, teams.incoming);
        const merged = mergeWithSnapshot(teams.incoming, await getSnapshot(trx, seasonId), existing, knockout);
        const plan = planSeasonSync(existing, merged.matches, {
          knockout,
          now: clock.now(),
          source: 'feed',
          // A placeholder still stored ("W101") is the season's name for a team not known yet, not a stranger.
          clubs: [...rows.map((c) => c.name), ...teams.placeholders],
          timeZone,
          clubLabel: (n) => short.get(n) ?? n,
          rejectedMoves: await rejectedMoves(trx, seasonId),
        });
        const report = syncReport(plan, merged.kept);
        if (!plan.ok) return { plan, report, record: null, filled: 0 };
        // A broken feed changes nothing: the teams are written only with a plan that was accepted.
        const filled = await fillFixtureTeams(trx, teams.fills, clock.nowIso());
        if (filled !== teams.fills.length) throw new Error('A fixture’s teams changed while the feed was applied.');
        await applySeasonPlan(trx, seasonId, competition?.name ?? 'Premier League', plan, clock.now());
        await putSnapshot(
          trx,
          seasonId,
          withUnappliedMoves(snapshotOf(teams.incoming, knockout), plan, existing, teams.incoming, knockout),
          clock.nowIso(),
        );
        const rejected = plan.skipped.filter((x) => x.kind === 'move_rejected').map((x) => x.description);
        const lines = [
          ...teams.fills.map((f) => f.description),
          ...report.changes,
          ...report.held,
          ...rejected,
          ...report.conflicts,
          ...report.kept,
          ...teams.notes,
        ];
        const changed = plan.changes.length > 0 || filled > 0;
        const summary = filled
          ? `${filled} match${filled === 1 ? '' : 'es'} with teams filled in; ${plan.summary}`
          : plan.summary;
        const record = run(changed ? 'changed' : 'unchanged', summary, lines);
        await insertRun(trx, record);
        return { plan, report, record, filled };
      });
    } catch (err) {
      // The transaction rolled back: nothing was written. Say so on the screen too.
      app.log.error({ err, season: seasonId, trigger }, `Results feed of ${seasonId}: applying failed`);
      return await fail('The feed was read but applying it failed (see the server log). Nothing was changed.');
    }
    if (!out.record) return await fail(out.report.summary);
    await pruneRuns(db, seasonId, RUNS_KEPT);
    // Every recorded run reaches the admin's open screens, a scheduled one too: otherwise a
    // poll that changed nothing becomes the season's "Last feed run" unseen.
    // A match whose teams were filled in opens for predictions: the fixture lists and kept values refresh.
    if (out.plan.ok && (out.plan.changes.length || out.filled)) {
      await app.deps.bus.publish({ type: 'fixtures.changed', seasonId });
    }
    await app.deps.bus.publish({ type: 'feed.changed', seasonId });
    app.log.info(
      { season: seasonId, trigger, outcome: out.record.outcome },
      `Results feed of ${seasonId}: ${out.record.message}`,
    );
    return { busy: false, run: presentRun(out.record) };
  } finally {
    await releaseLease(db, lease, holder);
  }
}
