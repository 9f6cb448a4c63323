import { describe, expect, it } from 'vitest';
import { TEAM_NAME_MAX } from './limits.js';
import { teamNameKey, teamNameSuggestions } from './team-names.js';

describe('teamNameKey', () => {
  it.each([
    ['Big Screen FC', 'big screen fc'],
    ['  BIG   screen fc ', 'big screen fc'],
    ['Bíg Scrèen FC', 'big screen fc'],
    ['Ｂｉｇ Screen FC', 'big screen fc'],
    ['Straße United', 'strasse united'],
    ['Ünïcødé', 'unicøde'],
  ])('%s is the same name as %s', (name, key) => {
    expect(teamNameKey(name)).toBe(key);
  });

  it('keeps names apart that a reader tells apart', () => {
    expect(teamNameKey('Big Screen FC')).not.toBe(teamNameKey('Big Screen FC 2'));
    expect(teamNameKey('Bigscreen FC')).not.toBe(teamNameKey('Big Screen FC'));
    expect(teamNameKey('نادي الأبطال')).not.toBe(teamNameKey('نادي'));
  });
});

describe('teamNameSuggestions', () => {
  it('numbers the name from 2', () => {
    expect(teamNameSuggestions('Big Screen FC', 3)).toEqual(['Big Screen FC 2', 'Big Screen FC 3', 'Big Screen FC 4']);
  });

  it('counts on from a name that already ends in a number, never offering the same name', () => {
    expect(teamNameSuggestions('Big Screen FC 2', 2)).toEqual(['Big Screen FC 3', 'Big Screen FC 4']);
  });

  it('shortens the name, never the number, to stay within the limit', () => {
    const long = 'x'.repeat(TEAM_NAME_MAX);
    const [first] = teamNameSuggestions(long, 1);
    expect(first).toBe(`${'x'.repeat(TEAM_NAME_MAX - 2)} 2`);
    for (const s of teamNameSuggestions(long, 30)) expect([...s].length).toBeLessThanOrEqual(TEAM_NAME_MAX);
  });
});
