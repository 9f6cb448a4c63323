import { describe, expect, test } from 'vitest';
import type { SeasonMatch } from '../../game/season.js';
import { mergeWithSnapshot, snapshotOf } from './sync-merge.js';
import { planSeasonSync } from './sync-plan.js';
import { storedFrom } from './test-support.js';

const NOW = new Date('2026-11-01T12:00:00.000Z');
const feed: SeasonMatch[] = [
  { round: 12, date: '2026-11-28', time: '15:00', home: 'Arsenal FC', away: 'Chelsea FC' },
  { round: 12, date: '2026-11-28', time: '15:00', home: 'Everton FC', away: 'Fulham FC' },
];

describe('mergeWithSnapshot', () => {
  test('without a snapshot the feed stands as it is', () => {
    const stored = storedFrom(feed).map((f, i) =>
      i === 0 ? { ...f, localDate: '2026-11-29', localTime: '16:30' } : f,
    );
    expect(mergeWithSnapshot(feed, null, stored)).toEqual({ matches: feed, kept: [] });
  });

  test('a kick-off the admin changed, which the feed has not, is kept; the planner then sees nothing to do', () => {
    const stored = storedFrom(feed).map((f, i) =>
      i === 0 ? { ...f, localDate: '2026-11-29', localTime: '16:30', kickoffAt: '2026-11-29T16:30:00.000Z' } : f,
    );
    const merged = mergeWithSnapshot(feed, snapshotOf(feed), stored);
    expect(merged.matches[0]).toMatchObject({ date: '2026-11-29', time: '16:30' });
    expect(merged.matches[1]).toEqual(feed[1]);
    expect(merged.kept).toEqual([
      'Arsenal FC v Chelsea FC: kept the kick-off set here (2026-11-29 16:30); the feed still has 2026-11-28 15:00.',
    ]);
    const plan = planSeasonSync(stored, merged.matches, { now: NOW, source: 'feed' });
    expect(plan.ok && plan.changes).toEqual([]);
  });

  test('a change the feed itself made is applied, over the admin’s', () => {
    const stored = storedFrom(feed).map((f, i) =>
      i === 0 ? { ...f, localDate: '2026-11-29', localTime: '16:30' } : f,
    );
    const moved = feed.map((m, i) => (i === 0 ? { ...m, date: '2026-11-30', time: '20:00' } : m));
    const merged = mergeWithSnapshot(moved, snapshotOf(feed), stored);
    expect(merged).toEqual({ matches: moved, kept: [] });
  });

  test('an admin’s postponement and gameweek are kept while the feed still has the old ones', () => {
    const stored = storedFrom(feed).map((f, i) =>
      i === 0 ? { ...f, localTime: null, kickoffAt: null, postponed: 1, gameweek: 13 } : f,
    );
    const merged = mergeWithSnapshot(feed, snapshotOf(feed), stored);
    expect(merged.matches[0]).toEqual({
      round: 13,
      date: '2026-11-28',
      time: null,
      postponed: true,
      home: 'Arsenal FC',
      away: 'Chelsea FC',
    });
    expect(merged.kept).toHaveLength(2);
  });

  test('names compare as the planner compares them (spacing, letter case)', () => {
    const stored = storedFrom(feed).map((f, i) => (i === 0 ? { ...f, localTime: '17:30' } : f));
    const spaced = feed.map((m) => ({ ...m, home: m.home.toUpperCase() }));
    expect(mergeWithSnapshot(spaced, snapshotOf(feed), stored).matches[0]).toMatchObject({ time: '17:30' });
  });
});
