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
  ])('%s is the same name as %s', (name, same) => {
    expect(teamNameKey(name)).toBe(teamNameKey(same));
  });

  it.each([
    ['an invisible separator', 'Bob United\u2063'],
    ['a soft hyphen', 'Bob Uni\u00ADted'],
    ['a zero-width joiner', 'Bo\u200Db United'],
    ['a Cyrillic В', '\u0412ob United'],
    ['a Cyrillic о', 'B\u043Eb United'],
    ['a Greek Ο', 'B\u039FB UNITED'],
    ['a zero for an O', 'B0b United'],
    ['an ideographic space', 'Bob\u3000United'],
    ['a braille blank for a space', 'Bob\u2800United'],
    ['a tag character', 'Bob United\u{E0041}'],
  ])('"Bob United" with %s is the same name', (_what, name) => {
    expect(teamNameKey(name)).toBe(teamNameKey('Bob United'));
  });

  it("sees the admin's name in look-alikes of any script", () => {
    const admin = teamNameKey('AdminTeam');
    expect(teamNameKey('\u0410dminTeam')).toBe(admin); // Cyrillic А
    expect(teamNameKey('ADM1NTEAM')).toBe(admin);
    expect(teamNameKey('AdrninTeam')).toBe(admin); // r n for m
  });

  it('has nothing to keep of a name that shows nothing', () => {
    expect(teamNameKey('\u3164')).toBe('');
    expect(teamNameKey('\u2800 \u115F\u1160\uFFA0')).toBe('');
  });

  it('keeps names apart that a reader tells apart', () => {
    expect(teamNameKey('Big Screen FC')).not.toBe(teamNameKey('Big Screen FC 2'));
    expect(teamNameKey('Bigscreen FC')).not.toBe(teamNameKey('Big Screen FC'));
    expect(teamNameKey('نادي الأبطال')).not.toBe(teamNameKey('نادي'));
    expect(teamNameKey('Arsenal Fans')).not.toBe(teamNameKey('Chelsea Fans'));
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
