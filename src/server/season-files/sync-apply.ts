import type { AcceptedPlan, ExistingFixture } from './sync-types.js';

/**
 * What applying a plan means, on plain objects: the reference the database apply step must
 * match (the tests check that planning again after this finds nothing to do). Conflicts,
 * skipped items, missing fixtures and duplicates change nothing.
 */
export function applySyncPlan(existing: readonly ExistingFixture[], plan: AcceptedPlan, now: Date): ExistingFixture[] {
  const byId = new Map(existing.map((f) => [f.id, { ...f }]));
  const fixture = (id: string) => {
    const f = byId.get(id);
    if (!f) throw new Error(`The plan names fixture ${id}, which is not stored`);
    return f;
  };
  for (const c of plan.changes) {
    switch (c.kind) {
      case 'add': {
        const { id, homeTeam, awayTeam, gameweek, kickoffAt, localDate, localTime, postponed } = c.fixture;
        if (byId.has(id)) throw new Error(`Fixture ${id} exists already`);
        const result = c.result ? { ...c.result, final: true, source: c.source } : null;
        byId.set(id, {
          id,
          homeTeam,
          awayTeam,
          gameweek,
          kickoffAt,
          localDate,
          localTime,
          postponed,
          predictionsLockedAt: null,
          result,
        });
        break;
      }
      case 'schedule': {
        const f = fixture(c.fixtureId);
        Object.assign(f, c.to);
        if (c.locksPredictions) f.predictionsLockedAt = now.toISOString();
        if (c.dropsProvisionalScore) f.result = null;
        break;
      }
      case 'round':
        fixture(c.fixtureId).gameweek = c.to;
        break;
      case 'result':
        fixture(c.fixtureId).result = { ...c.to, final: true, source: c.source };
        break;
    }
  }
  return [...byId.values()];
}
