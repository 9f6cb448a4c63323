import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { CHANGE_TYPES } from '../../contract/events.js';
import { CHANGE_TOUCHES, touchedIds, touchesOf } from './changes.js';
import { changesTable } from './changes-table.js';
import { TAG_KINDS } from './tags.js';

describe('the one table of what each change touches', () => {
  test('is total: every change of the vocabulary says what it touches, and nothing else is in it', () => {
    expect(Object.keys(CHANGE_TOUCHES).sort()).toEqual([...CHANGE_TYPES].sort());
  });

  test('touches only tags of known kinds, with no more ids than their kind has', () => {
    const table = changesTable();
    for (const type of CHANGE_TYPES) expect(table).toContain(`\`${type}\``);
    const touches = touchesOf({ type: 'account.deleted', seasons: ['S'] });
    if (touches === 'everything') throw new Error('account.deleted touches what it names');
    for (const t of touches) expect(t.ids.length).toBeLessThanOrEqual(TAG_KINDS[t.kind].length);
  });

  test('names the seasons a change touches of one kind (the bonus resolver runs for them)', () => {
    expect(touchedIds({ type: 'results.changed', seasonId: 'S', gameweeks: [3] }, 'season-points')).toEqual(['S']);
    expect(touchedIds({ type: 'live-score.changed', seasonId: 'S' }, 'season-points')).toBeNull();
    expect(touchedIds({ type: 'live.resumed' }, 'season-points')).toBe('all');
  });

  test('docs/architecture.md shows the table as it is', () => {
    const doc = readFileSync(new URL('../../../docs/architecture.md', import.meta.url), 'utf8');
    expect(doc).toContain(changesTable());
  });
});
