import { describe, expect, test } from 'vitest';
import { planSeasonSync } from './sync-plan.js';
import { REPORT_LINES_MAX, syncReport } from './sync-report.js';
import { builtinMatches, storedFrom } from './test-support.js';

const NOW = new Date('2026-11-23T12:00:00.000Z');
const season = builtinMatches('2026-27');

describe('syncReport', () => {
  test('a refused plan: its reason and message, no lines', () => {
    const plan = planSeasonSync(storedFrom(season), season.slice(0, 50), { now: NOW, source: 'feed' });
    expect(syncReport(plan)).toMatchObject({ ok: false, reason: 'partial', changes: [], conflicts: [], kept: [] });
    expect(syncReport(plan).summary).toMatch(/Nothing was changed\.$/);
  });

  test('an accepted plan: one line per change, conflict and kept field; long lists are capped with a count', () => {
    const stored = storedFrom(season).map((f) =>
      f.result ? { ...f, result: { ...f.result, source: 'admin' as const, homeScore: f.result.homeScore + 1 } } : f,
    );
    const plan = planSeasonSync(stored, season, { now: NOW, source: 'feed' });
    const report = syncReport(plan, ['kept one']);
    expect(report).toMatchObject({ ok: true, reason: null, kept: ['kept one'] });
    expect(report.conflicts).toHaveLength(20);
    expect(report.conflicts[0]).toMatch(/^Conflict on /);

    const moved = season.map((m) => (m.result ? m : { ...m, time: m.time === '15:00' ? '15:05' : m.time }));
    const many = syncReport(planSeasonSync(storedFrom(season), moved, { now: NOW, source: 'feed' }));
    expect(many.changes).toHaveLength(REPORT_LINES_MAX + 1);
    expect(many.changes.at(-1)).toMatch(/^… and \d+ more\.$/);
  });
});
