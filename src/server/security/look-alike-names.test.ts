import { afterEach, describe, expect, it } from 'vitest';
import type { TablePage } from '../../contract/leagues.js';
import { teamNameKey } from '../../game/team-names.js';
import { buildWorld, SEASON, type World } from '../features/bonus-questions/test-world.js';

/**
 * One name, one look (decision record 0099), through the real app on a real database: in one
 * league, a team name that only looks like another one (an invisible character, a Cyrillic
 * letter, a zero for an O) is refused, and so is a name that shows nothing; league names,
 * descriptions and bonus questions refuse invisible and blank text, and a question's answers
 * may not look alike. Every refusal changes nothing.
 */
let w: World;
afterEach(async () => {
  await w?.t.close();
});

const setTeamName = (who: 'alice' | 'bob' | 'carol' | 'admin', teamName: string) =>
  w.call(who, 'PUT', '/api/me/team-name', { teamName });
const storedName = async (who: 'alice' | 'bob' | 'carol' | 'admin') =>
  (
    await w.t.app.deps.db
      .selectFrom('user')
      .select('teamName')
      .where('id', '=', w.users[who].id)
      .executeTakeFirstOrThrow()
  ).teamName;

describe('team names that look alike, in one league', () => {
  it('refuses a second "Bob United" hidden behind an invisible character, a look-alike letter or a zero', async () => {
    w = await buildWorld();
    expect((await setTeamName('alice', 'Bob United')).statusCode).toBe(200);

    for (const ch of ['\u2063', '\u2061', '\u2064', '\u00AD', '\u180E', '\u{E0041}', '\u200D']) {
      const res = await setTeamName('bob', `Bob United${ch}`);
      expect(res.statusCode, JSON.stringify(ch)).toBe(400);
      expect(res.json().error.message).toBe("Team name can't contain invisible or control characters.");
    }
    for (const lookAlike of ['\u0412ob United', 'B\u043Eb United', 'B0b United', 'BOB UNITED', 'Bob\u3000United']) {
      const res = await setTeamName('bob', lookAlike);
      expect(res.statusCode, lookAlike).toBe(409);
      // The suggestion is the player's own spelling with the first free number.
      const { code, message, details } = res.json().error;
      expect(code).toBe('team_name_taken');
      expect(teamNameKey(details.suggestion)).toBe(teamNameKey('Bob United 2'));
      expect(message).toContain(details.suggestion);
    }
    expect(await storedName('bob')).toBe('Bob Ballers');

    // The league table shows one "Bob United", the real one.
    const page = (await w.call('carol', 'GET', `/api/leagues/${w.league}/table?season=${SEASON}`)).json() as TablePage;
    expect(page.rows.map((r) => r.displayName).sort()).toEqual(['Bob Ballers', 'Bob United', 'Carol Kickers']);
  });

  it('refuses the admin’s name spelt with a Cyrillic А', async () => {
    w = await buildWorld();
    expect((await setTeamName('admin', 'AdminTeam')).statusCode).toBe(200);
    const res = await setTeamName('carol', '\u0410dminTeam');
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('team_name_taken');
    expect(await storedName('carol')).toBe('Carol Kickers');
  });

  it('refuses a name that shows nothing', async () => {
    w = await buildWorld();
    for (const blank of ['\u3164', '\u3164\u3164', '\u2800', '\u115F\u1160', '\uFFA0', '\u2063 \u2063']) {
      const res = await setTeamName('bob', blank);
      expect(res.statusCode, JSON.stringify(blank)).toBe(400);
      expect(res.json().error.message).toBe("Team name can't contain invisible or control characters.");
    }
    expect(await storedName('bob')).toBe('Bob Ballers');
  });
});

describe('league names and descriptions', () => {
  it('refuses invisible characters and blank text when a league is created or renamed', async () => {
    w = await buildWorld();
    const refusals: Array<[Record<string, unknown>, RegExp]> = [
      [{ name: 'Office League\u2063' }, /League name can't contain invisible/],
      [{ name: '\u3164' }, /League name can't contain invisible/],
      [{ name: '\u2800\u2800' }, /League name can't contain invisible/],
      [{ name: 'Office\u00ADLeague' }, /League name can't contain invisible/],
      [{ name: 'Office League', description: 'Friends only\u2062' }, /Description can't contain invisible/],
      [{ name: 'Office League', description: '\u3164' }, /Description can't contain invisible/],
      [{ name: 'Office League', description: 'Tagged\u{E0041}' }, /Description can't contain invisible/],
    ];
    for (const [body, message] of refusals) {
      const res = await w.call('alice', 'POST', '/api/leagues', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.message).toMatch(message);
    }
    const ok = await w.call('alice', 'POST', '/api/leagues', {
      name: 'Three Lions 🏴󠁧󠁢󠁥󠁮󠁧󠁿',
      description: 'Line one\nLine two 👨‍👩‍👧',
    });
    expect(ok.statusCode, ok.body).toBe(201);

    for (const name of ['\u2063Bonus League', '\u3164']) {
      const res = await w.t.request({
        method: 'PATCH',
        url: `/api/leagues/${w.league}`,
        payload: { name },
        cookie: w.cookies.alice,
      });
      expect(res.statusCode, JSON.stringify(name)).toBe(400);
      expect(res.json().error.message).toMatch(/League name can't contain invisible/);
    }
    const league = await w.t.app.deps.db
      .selectFrom('leagues')
      .select('name')
      .where('id', '=', w.league)
      .executeTakeFirstOrThrow();
    expect(league.name).toBe('Bonus League');
  });
});

describe('bonus questions', () => {
  const free = (extra: Record<string, unknown> = {}) => ({
    season: SEASON,
    kind: 'free',
    prompt: 'Will Arsenal win on opening day?',
    options: ['Yes', 'No'],
    points: 5,
    locksAt: '2030-08-10T12:00:00.000Z',
    ...extra,
  });

  it('refuses an invisible or blank question and answers that look the same, saving nothing', async () => {
    w = await buildWorld();
    const refusals: Array<[Record<string, unknown>, RegExp]> = [
      [free({ prompt: '\u2063' }), /The question can't contain invisible/],
      [free({ prompt: 'Who wins?\u2064' }), /The question can't contain invisible/],
      [free({ prompt: '\u3164' }), /The question can't contain invisible/],
      [free({ prompt: '\u2800' }), /The question can't contain invisible/],
      [free({ options: ['Yes', 'Y\u0435s'] }), /Each answer must be different\. “Yеs” looks the same as “Yes”\./],
      [free({ options: ['Arsenal', '\u0410rsenal', 'Chelsea'] }), /looks the same as “Arsenal”/],
      [free({ options: ['Over 0.5', 'Over O.5'] }), /looks the same as “Over 0\.5”/],
      [free({ options: ['Yes', 'Yes\u2063'] }), /invisible|Each answer must be different/],
      [free({ options: ['Yes', '\u3164'] }), /An answer can't contain invisible/],
    ];
    for (const [body, message] of refusals) {
      const res = await w.call('alice', 'POST', `/api/leagues/${w.league}/questions`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.message).toMatch(message);
    }
    const list = await w.call('alice', 'GET', `/api/leagues/${w.league}/questions?season=${SEASON}`);
    expect(list.json().questions).toEqual([]);

    const ok = await w.call(
      'alice',
      'POST',
      `/api/leagues/${w.league}/questions`,
      free({ options: ['Yes', 'No', 'Yes!'] }),
    );
    expect(ok.statusCode, ok.body).toBe(201);
  });
});
