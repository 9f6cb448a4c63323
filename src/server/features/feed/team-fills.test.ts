import { describe, expect, test } from 'vitest';
import type { ParsedMatch } from '../../season-files/types.js';
import { planTeamFills, type LabelledFixture } from './team-fills.js';

// The pure pairing of a feed's matches with stored knockout matches whose teams are not known yet.

const stored = (
  id: string,
  home: string | { label: string },
  away: string | { label: string },
  kickoffAt: string,
  local: [string, string],
): LabelledFixture => ({
  id,
  homeTeam: typeof home === 'string' ? home : home.label,
  awayTeam: typeof away === 'string' ? away : away.label,
  homeLabel: typeof home === 'string' ? null : home.label,
  awayLabel: typeof away === 'string' ? null : away.label,
  kickoffAt,
  localDate: local[0],
  localTime: local[1],
  gameweek: 1,
  postponed: 0,
  predictionsLockedAt: null,
  result: null,
});
const feed = (
  home: string,
  away: string,
  date: string,
  time: string,
  extra: Partial<ParsedMatch> = {},
): ParsedMatch => ({
  round: 1,
  date,
  time,
  home,
  away,
  where: 'Match 1',
  ...(/^[WL]\d+$/.test(home) ? { homeUnknown: true as const } : {}),
  ...(/^[WL]\d+$/.test(away) ? { awayUnknown: true as const } : {}),
  ...extra,
});
const UCL_CLUBS = ['Arsenal FC', 'Club Atlético de Madrid', 'FC Bayern München', 'Paris Saint-Germain FC'];
const PARIS = { zone: 'Europe/Paris', clubs: UCL_CLUBS };

describe('planTeamFills', () => {
  test('one match at that kick-off: its teams are filled in and the feed is handed over in the store’s names', () => {
    const final = stored('F', { label: 'W1' }, { label: 'W2' }, '2026-05-30T16:00:00.000Z', ['2026-05-30', '18:00']);
    const plan = planTeamFills([final], [feed('Paris Saint-Germain FC', 'Arsenal FC', '2026-05-30', '18:00')], PARIS);
    expect(plan.fills).toEqual([
      expect.objectContaining({
        fixtureId: 'F',
        homeTeam: 'Paris Saint-Germain FC',
        awayTeam: 'Arsenal FC',
        homeLabel: null,
        awayLabel: null,
        was: { homeLabel: 'W1', awayLabel: 'W2' },
      }),
    ]);
    expect(plan.existing[0]).toMatchObject({ homeTeam: 'Paris Saint-Germain FC', awayTeam: 'Arsenal FC' });
    expect(plan.existing[0]).not.toHaveProperty('homeLabel');
    expect(plan.placeholders).toEqual([]);
  });

  test('a feed that still does not know the teams fills nothing; the placeholders stay the season’s names', () => {
    const final = stored('F', { label: 'W1' }, { label: 'W2' }, '2026-05-30T16:00:00.000Z', ['2026-05-30', '18:00']);
    const plan = planTeamFills([final], [feed('W1', 'W2', '2026-05-30', '18:00')], PARIS);
    expect(plan.fills).toEqual([]);
    expect(plan.placeholders).toEqual(['W1', 'W2']);
    expect(plan.incoming[0]).toMatchObject({ home: 'W1', away: 'W2' });
  });

  test('two open matches at the same kick-off are not told apart: nothing filled, and neither reaches the planner', () => {
    const a = stored('A', { label: 'W1' }, { label: 'W2' }, '2026-04-28T19:00:00.000Z', ['2026-04-28', '21:00']);
    const b = stored('B', { label: 'W3' }, { label: 'W4' }, '2026-04-28T19:00:00.000Z', ['2026-04-28', '21:00']);
    const plan = planTeamFills(
      [a, b],
      [
        feed('Arsenal FC', 'Club Atlético de Madrid', '2026-04-28', '21:00'),
        feed('FC Bayern München', 'Paris Saint-Germain FC', '2026-04-28', '21:00'),
      ],
      PARIS,
    );
    expect(plan.fills).toEqual([]);
    expect(plan.incoming).toEqual([]);
    expect(plan.notes).toHaveLength(2);
    expect(plan.notes[0]).toContain('more than one match');
  });

  test('a known side tells them apart; a known team is never replaced, and a name that is not a club fills nothing and is left for the planner to refuse', () => {
    const a = stored('A', 'Arsenal FC', { label: 'W2' }, '2026-04-28T19:00:00.000Z', ['2026-04-28', '21:00']);
    const b = stored('B', 'FC Bayern München', { label: 'W4' }, '2026-04-28T19:00:00.000Z', ['2026-04-28', '21:00']);
    const plan = planTeamFills(
      [a, b],
      [
        feed('Arsenal FC', 'Club Atlético de Madrid', '2026-04-28', '21:00'),
        feed('FC Bayern München', 'Atlantis FC', '2026-04-28', '21:00'),
      ],
      PARIS,
    );
    expect(plan.fills.map((f) => [f.fixtureId, f.awayTeam])).toEqual([['A', 'Club Atlético de Madrid']]);
    expect(plan.incoming.map((m) => `${m.home} v ${m.away}`)).toEqual([
      'Arsenal FC v Club Atlético de Madrid',
      // Not a club: handed over as the feed names it, so the planner refuses the file for it.
      'FC Bayern München v Atlantis FC',
    ]);
    expect(plan.placeholders).toEqual(['W4']);

    // The feed names another team where one is known: the stored team stays, and the run says so.
    const filled = stored('A', 'Arsenal FC', 'Club Atlético de Madrid', '2026-04-28T19:00:00.000Z', [
      '2026-04-28',
      '21:00',
    ]);
    const half = stored('C', 'Arsenal FC', { label: 'W9' }, '2026-05-05T19:00:00.000Z', ['2026-05-05', '21:00']);
    const other = planTeamFills(
      [filled, half],
      [
        feed('Arsenal FC', 'Club Atlético de Madrid', '2026-04-28', '21:00'),
        feed('Paris Saint-Germain FC', 'FC Bayern München', '2026-05-05', '21:00'),
      ],
      PARIS,
    );
    expect(other.fills).toEqual([]);

    // One side in common at the same kick-off: the same match, another name for a known team.
    const third = stored('T', 'France', 'England', '2026-07-18T21:00:00.000Z', ['2026-07-18', '17:00']);
    const wrong = planTeamFills([third], [feed('Germany', 'England', '2026-07-18', '21:00')], {
      zone: 'UTC',
      clubs: ['France', 'England', 'Germany'],
    });
    expect(wrong.fills).toEqual([]);
    expect(wrong.incoming[0]).toMatchObject({ home: 'France', away: 'England' });
    expect(wrong.notes).toEqual([
      'France v England on 2026-07-18: the feed names Germany for France; the stored team stays (the admin decides).',
    ]);
  });

  test('a World Cup kick-off at its own offset is the stored instant: handed over in the competition’s clock, stored side too', () => {
    const final = stored('F', { label: 'W101' }, { label: 'W102' }, '2026-07-19T19:00:00.000Z', [
      '2026-07-19',
      '15:00',
    ]);
    const plan = planTeamFills([final], [feed('Spain', 'Argentina', '2026-07-19', '15:00', { utcOffset: '-04:00' })], {
      zone: 'UTC',
      clubs: ['Spain', 'Argentina'],
    });
    expect(plan.fills).toHaveLength(1);
    expect(plan.incoming[0]).toMatchObject({ date: '2026-07-19', time: '19:00', home: 'Spain' });
    expect(plan.incoming[0]).not.toHaveProperty('utcOffset');
    expect(plan.existing[0]).toMatchObject({ localDate: '2026-07-19', localTime: '19:00' });
  });
});
