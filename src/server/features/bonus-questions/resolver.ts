import type { FastifyInstance } from 'fastify';
import { settleFromTable } from '../../../game/bonus-questions.js';
import { finalTable } from '../../../game/final-table.js';
import type { LiveEvent } from '../../realtime/bus.js';
import { touchedIds } from '../../read-model/changes.js';
import { lockLeague } from '../leagues/index.js';
import * as repo from './repository.js';

/**
 * Settles the questions about a season's final table from its results (decision record 0062).
 * Every write of results publishes `results.changed` or `fixtures.changed` for its season after
 * its commit (the results routes, the result desk, the feed, season re-imports, fixture changes);
 * the resolver listens for them (`seasonsToResolve`), so it runs after every such commit, whoever
 * wrote the result. On PostgreSQL the event arrives from every instance; each resolves, the row
 * locks make them take turns, and only a change writes or publishes anything.
 *
 * For each league with such questions in the season (a transaction each, the league row locked
 * first, as the routes do): a complete season (every fixture with a final result) settles each
 * question from the final table; a season that is no longer complete (a result cleared, a match
 * added) takes back what the results had settled; a question a person settled is left alone.
 * Runs for one season never overlap: an event arriving during a run asks for one more run.
 */
export interface BonusResolver {
  /** Resolve a season's table questions soon (after the current run of that season, if any). */
  schedule(seasonId: string): void;
  /** Every season that has table questions the results settle (at start-up: a change may have been missed). */
  sweep(): Promise<void>;
  /** Resolves once no run is under way or asked for (tests; shutdown). */
  idle(): Promise<void>;
  close(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    bonusResolver: BonusResolver;
  }
}

/**
 * The seasons whose final table a change may move (its final results, or the fixtures they belong
 * to): those whose points it touches in the one table of changes (read-model/changes.ts); after a
 * lost connection, every season with such questions ('sweep').
 */
export function seasonsToResolve(event: LiveEvent): readonly string[] | 'sweep' | null {
  const seasons = touchedIds(event, 'season-points');
  return seasons === 'all' ? 'sweep' : seasons;
}

export function createBonusResolver(app: FastifyInstance): BonusResolver {
  const runs = new Map<string, Promise<void>>();
  const again = new Set<string>();
  let closed = false;

  async function resolveSeason(seasonId: string): Promise<void> {
    const { db, handle, clock } = app.deps;
    const leagues = await repo.leaguesWithTableQuestions(db, seasonId);
    if (!leagues.length) return;
    const [facts, results] = await Promise.all([repo.seasonFacts(db, seasonId), repo.seasonResults(db, seasonId)]);
    const table = results.complete ? finalTable(facts.clubs, results.matches) : null;
    let changed = false;
    for (const leagueId of leagues) {
      const did = await db.transaction().execute(async (trx) => {
        if (!(await lockLeague(trx, handle.dialect, { id: leagueId }, 'update'))) return false;
        let any = false;
        for (const q of await repo.tableQuestionsOf(trx, leagueId, seasonId, handle.dialect)) {
          const settled = table ? settleFromTable(q.kind, repo.parseList<string>(q.options), table, q.club) : null;
          const correct = settled && 'correct' in settled ? settled.correct : null;
          const level = settled && 'level' in settled ? 1 : 0;
          const had = q.correct === null ? null : repo.parseList<number>(q.correct);
          if (JSON.stringify(had) === JSON.stringify(correct) && q.tableLevel === level) continue;
          const write = correct && {
            correct,
            settledBy: 'results' as const,
            settlerId: null,
            settledAt: clock.nowIso(),
            note: null,
          };
          await repo.writeSettlement(trx, q.id, write, level);
          await repo.rescoreAnswers(trx, q.id, q.points, correct);
          any = true;
        }
        if (any) await repo.refreshBonusTotals(trx, leagueId, seasonId);
        return any;
      });
      changed ||= did;
    }
    if (changed) await app.deps.bus.publish({ type: 'bonus.settled', leagueId: null });
  }

  function schedule(seasonId: string): void {
    if (closed) return;
    if (runs.has(seasonId)) {
      again.add(seasonId);
      return;
    }
    const run = (async () => {
      do {
        again.delete(seasonId);
        try {
          await resolveSeason(seasonId);
        } catch (err) {
          app.log.error(
            { err, seasonId },
            'Settling bonus questions from the results failed; the next result of the season tries again',
          );
        }
      } while (again.has(seasonId) && !closed);
    })().finally(() => runs.delete(seasonId));
    runs.set(seasonId, run);
  }

  async function idle(): Promise<void> {
    while (runs.size) await Promise.all([...runs.values()]);
  }

  const unsubscribe = app.deps.bus.subscribe((event) => {
    const run = seasonsToResolve(event);
    // Back after a lost connection to PostgreSQL: notifications may have been missed.
    if (run === 'sweep') void sweep();
    else if (run) for (const seasonId of run) schedule(seasonId);
  });

  async function sweep(): Promise<void> {
    try {
      for (const seasonId of await repo.seasonsWithTableQuestions(app.deps.db)) schedule(seasonId);
    } catch (err) {
      app.log.error({ err }, 'Could not look for bonus questions to settle');
    }
  }

  return {
    schedule,
    sweep,
    idle,
    async close() {
      unsubscribe();
      closed = true;
      await idle();
    },
  };
}
