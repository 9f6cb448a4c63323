// eslint-disable-next-line no-restricted-imports -- React's static renderer (not our server), to read the drawn field in a unit test.
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, test } from 'vitest';
import { QualifierField, throughText, typedWinner } from './qualifier-field';

const final = { stage: 'final', leg: null, homeTeam: 'Spain', awayTeam: 'Argentina' };

describe('what a pick says about the tie', () => {
  test('names the team it sends through, and nothing where no tie is decided', () => {
    expect(throughText(final, { homeScore: 2, awayScore: 1 })).toBe('Spain to go through');
    expect(throughText(final, { homeScore: 1, awayScore: 1, qualifier: 'away' })).toBe('Argentina to go through');
    expect(throughText(final, { homeScore: 1, awayScore: 1, qualifier: null })).toBeNull();
    expect(throughText({ ...final, stage: 'group' }, { homeScore: 2, awayScore: 1 })).toBeNull();
    expect(throughText({ ...final, stage: 'round-of-16', leg: 1 }, { homeScore: 2, awayScore: 1 })).toBeNull();
    expect(throughText({ ...final, stage: 'round-of-16', leg: 2 }, { homeScore: 2, awayScore: 1 })).toBeNull();
  });

  test('a typed winner of a one-match knockout, only once both boxes are filled', () => {
    expect(typedWinner('single', '2', '1')).toBe('home');
    expect(typedWinner('single', '0', '3')).toBe('away');
    expect(typedWinner('single', '1', '1')).toBeNull();
    expect(typedWinner('single', '1', '')).toBeNull();
    expect(typedWinner('second-leg', '2', '1')).toBeNull();
  });
});

describe('the field', () => {
  const draw = (props: Partial<Parameters<typeof QualifierField>[0]>) =>
    renderToStaticMarkup(
      <QualifierField
        role="single"
        winner={null}
        homeName="Spain"
        awayName="Argentina"
        value={null}
        onChange={() => {}}
        {...props}
      />,
    );

  test('is not there where no tie is decided', () => {
    expect(draw({ role: 'none' })).toBe('');
  });

  test('after a draw asks who wins it; for a winner shows it, fixed', () => {
    const open = draw({ value: 'away' });
    expect(open).toContain('Who goes through?');
    expect(open).toContain('A draw after 90 minutes');
    expect(open).not.toContain('disabled');
    expect(open).toMatch(/checked="" value="away"/);
    const fixed = draw({ winner: 'home', value: 'away' });
    expect(fixed).toContain('Your predicted winner goes through.');
    expect(fixed).toMatch(/disabled=""[^>]*checked="" value="home"/);
  });

  test('in a second leg asks about the aggregate', () => {
    expect(draw({ role: 'second-leg' })).toContain('Both legs count: who goes through on aggregate?');
  });
});
