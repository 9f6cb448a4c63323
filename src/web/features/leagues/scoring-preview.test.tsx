// eslint-disable-next-line no-restricted-imports -- React's static renderer (not our server), to read the drawn form in a unit test.
import { renderToStaticMarkup } from 'react-dom/server';
import { expect, test } from 'vitest';
import { ScoringFields, scoringLine, scoringPreview } from './ScoringFields';

test('the preview states only a rule the server would take; otherwise what is wrong with it', () => {
  const good = { rule: { exact: 5, difference: 3, outcome: 1 }, bankersAllowed: true };
  expect(scoringPreview(good)).toEqual({ valid: true, text: scoringLine(good) });
  const upsideDown = { rule: { exact: 1, difference: 2, outcome: 3 }, bankersAllowed: true };
  expect(scoringPreview(upsideDown)).toEqual({
    valid: false,
    text: 'An exact score must earn at least as much as the right goal difference, and that at least as much as the right outcome.',
  });
  expect(scoringPreview({ rule: { exact: 12, difference: 1, outcome: 0 }, bankersAllowed: false }).valid).toBe(false);
  expect(scoringPreview({ rule: { exact: 0, difference: 0, outcome: 0 }, bankersAllowed: false }).text).toBe(
    'An exact score must earn at least 1 point.',
  );
  expect(scoringPreview({ rule: { exact: Number.NaN, difference: 1, outcome: 0 }, bankersAllowed: false }).text).toBe(
    'Scoring: enter points for each kind of pick',
  );
});

test('the drawn preview of a refused rule is the message, not a line of points', () => {
  const html = renderToStaticMarkup(
    <ScoringFields
      value={{ rule: { exact: 1, difference: 2, outcome: 3 }, bankersAllowed: true }}
      onChange={() => {}}
    />,
  );
  expect(html).toMatch(/data-testid="scoring-line" data-valid="false">An exact score must earn/);
  expect(html).not.toContain('1 exact');
});
