// eslint-disable-next-line no-restricted-imports -- React's static renderer (not our server), to read the drawn parts in a unit test.
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, test } from 'vitest';
import {
  QUALIFIER_POINTS_MESSAGE,
  STANDARD_SCORING,
  newLeagueFormSchema,
  type NewLeagueFormInput,
  type Pick as MemberPick,
} from '../../../contract/leagues';
import { LeagueCompetition, qualifierPointsLine } from './LeagueCompetition';
import { PickQualifier } from './PicksModal';
import {
  QUALIFIER_POINTS_CHOICES,
  QUALIFIER_POINTS_HELP,
  QualifierPointsField,
  newLeagueRequest,
  pickQualifierTexts,
} from './QualifierPoints';

const form = (over: Partial<NewLeagueFormInput>): NewLeagueFormInput => ({
  name: 'Cup Crew',
  description: '',
  competition: 'world-cup',
  privacy: 'private',
  scoring: STANDARD_SCORING,
  knockoutRule: 'extra-time',
  qualifierPoints: 3,
  ...over,
});

describe('the New League form’s qualifier points', () => {
  test('offers None and 1 to 5 points', () => {
    expect(QUALIFIER_POINTS_CHOICES).toEqual([
      { value: 0, label: 'None' },
      { value: 1, label: '1 point' },
      { value: 2, label: '2 points' },
      { value: 3, label: '3 points' },
      { value: 4, label: '4 points' },
      { value: 5, label: '5 points' },
    ]);
  });

  test('sends the points for a knockout competition, and 0 for the Premier League whatever was chosen', () => {
    expect(newLeagueRequest(form({}))).toMatchObject({ competition: 'world-cup', qualifierPoints: 3 });
    expect(newLeagueRequest(form({ competition: 'champions-league', qualifierPoints: 5 })).qualifierPoints).toBe(5);
    expect(newLeagueRequest(form({ qualifierPoints: undefined })).qualifierPoints).toBe(0);
    const league = newLeagueRequest(form({ competition: 'premier-league', qualifierPoints: 4 }));
    expect(league.qualifierPoints).toBe(0);
    expect(league.knockoutRule).toBeUndefined();
    expect(league.description).toBeUndefined();
  });

  test('the form’s schema is the server’s: 0 to 5 whole points, its message otherwise', () => {
    expect(newLeagueFormSchema.safeParse(form({ qualifierPoints: 5 })).success).toBe(true);
    for (const bad of [6, -1, 1.5]) {
      const parsed = newLeagueFormSchema.safeParse(form({ qualifierPoints: bad }));
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues[0]?.message).toBe(QUALIFIER_POINTS_MESSAGE);
    }
  });

  test('the field is labelled, says how the points are earned, and shows its error', () => {
    const html = renderToStaticMarkup(<QualifierPointsField id="qp" value={2} onChange={() => {}} />);
    expect(html).toContain('<label class="label" for="qp">Points for naming who goes through</label>');
    expect(html).toMatch(/<select id="qp"[^>]*aria-describedby="qp-help"/);
    expect(html).toContain(
      `<p id="qp-help" class="mt-1 text-sm text-slate-700">${QUALIFIER_POINTS_HELP.replace("'", '&#x27;')}</p>`,
    );
    expect(html).toContain('<option value="0">None</option>');
    expect(html).toContain('<option value="2" selected="">2 points</option>');
    expect(QUALIFIER_POINTS_HELP).toBe(
      "A one-match knockout's predicted winner goes through; after a predicted draw, or in a second leg, the player names the team.",
    );
    const refused = renderToStaticMarkup(
      <QualifierPointsField id="qp" value={0} onChange={() => {}} error={QUALIFIER_POINTS_MESSAGE} />,
    );
    expect(refused).toMatch(/aria-invalid="true"[^>]*aria-describedby="qp-help qp-error"/);
    expect(refused).toContain(`<p id="qp-error" class="field-error" role="alert">${QUALIFIER_POINTS_MESSAGE}</p>`);
  });
});

describe('the league page states its qualifier points', () => {
  const league = { competition: 'world-cup', knockoutRule: 'extra-time' } as const;
  test('when it gives any, in words', () => {
    expect(qualifierPointsLine({ qualifierPoints: 0 })).toBeNull();
    expect(qualifierPointsLine({ qualifierPoints: 1 })).toBe('1 point for naming who goes through each knockout tie');
    expect(qualifierPointsLine({ qualifierPoints: 2 })).toBe('2 points for naming who goes through each knockout tie');
    const html = renderToStaticMarkup(<LeagueCompetition league={{ ...league, qualifierPoints: 2 }} />);
    expect(html).toContain('World Cup · Knockout matches: score after extra time</p>');
    expect(html).toContain(
      'data-testid="league-qualifier-points">2 points for naming who goes through each knockout tie</p>',
    );
    const none = renderToStaticMarkup(<LeagueCompetition league={{ ...league, qualifierPoints: 0 }} />);
    expect(none).not.toContain('league-qualifier-points');
    expect(none).not.toContain('goes through');
  });
});

describe('a member’s pick names who goes through', () => {
  const pick = (prediction: Partial<NonNullable<MemberPick['prediction']>> | null): MemberPick => ({
    fixtureId: 'SpainFC_vs_ArgentinaFC_2026-07-19',
    homeTeam: 'Spain',
    awayTeam: 'Argentina',
    kickoffAt: '2026-07-19T19:00:00.000Z',
    gameweek: 8,
    result: { homeScore: 0, awayScore: 0, final: true },
    prediction: prediction && {
      homeScore: 1,
      awayScore: 1,
      points: 3,
      outcome: 'outcome',
      tier: 'difference',
      banker: false,
      qualifier: null,
      qualifierPoints: null,
      ...prediction,
    },
  });

  test('the team named, and what it added once settled: right, wrong, or none named', () => {
    expect(pickQualifierTexts(pick(null))).toEqual({ named: null, points: null, right: null });
    expect(pickQualifierTexts(pick({}))).toEqual({ named: null, points: null, right: null });
    expect(pickQualifierTexts(pick({ qualifier: 'away' }))).toEqual({
      named: 'Picked to go through: Argentina',
      points: null,
      right: null,
    });
    expect(pickQualifierTexts(pick({ qualifier: 'home', qualifierPoints: 2 }))).toEqual({
      named: 'Picked to go through: Spain',
      points: '+2 for naming who went through',
      right: true,
    });
    expect(pickQualifierTexts(pick({ qualifier: 'away', qualifierPoints: 0 }))).toEqual({
      named: 'Picked to go through: Argentina',
      points: '0 — named Argentina; Spain went through',
      right: false,
    });
    expect(pickQualifierTexts(pick({ qualifier: null, qualifierPoints: 0 })).points).toBe(
      '0 — named no team to go through',
    );
  });

  test('a club’s name is shown without its "FC"', () => {
    const club = { ...pick({ qualifier: 'home', qualifierPoints: 0 }), homeTeam: 'Arsenal FC', awayTeam: 'Chelsea FC' };
    expect(pickQualifierTexts(club)).toMatchObject({
      named: 'Picked to go through: Arsenal',
      points: '0 — named Arsenal; Chelsea went through',
    });
  });

  test('the dialog’s row says it in text, and nothing for a match without a tie', () => {
    const html = renderToStaticMarkup(<PickQualifier pick={pick({ qualifier: 'home', qualifierPoints: 2 })} />);
    // A space between the two, so they are read as two phrases.
    expect(html).toContain('Picked to go through: Spain</span> <span');
    expect(html).toContain('data-testid="pick-qualifier-points">+2 for naming who went through</span>');
    expect(renderToStaticMarkup(<PickQualifier pick={pick({})} />)).toBe('');
  });
});
