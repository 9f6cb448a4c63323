import { useEffect, useId, useRef, useState } from 'react';
import type { LeagueScoringInput } from '../../../contract/leagues';
import { BANKER_RULE } from '../../../game/banker';
import {
  GOAL_DIFFERENCE_RULE,
  RULE_POINTS_MAX,
  STANDARD_RULE,
  describeRule,
  ruleKind,
  ruleProblem,
  type RuleKind,
  type ScoringRule,
} from '../../../game/scoring';

const KINDS: Array<{ kind: RuleKind; title: string; text: string }> = [
  { kind: 'standard', title: 'Standard', text: describeRule(STANDARD_RULE, true).replace(' · bankers double', '') },
  {
    kind: 'goal-difference',
    title: 'Goal difference',
    text: describeRule(GOAL_DIFFERENCE_RULE, true).replace(' · bankers double', ''),
  },
  { kind: 'custom', title: 'Custom', text: 'Your own points for each kind of pick' },
];
const TIER_FIELDS: Array<{ key: keyof ScoringRule; label: string; help: string }> = [
  { key: 'exact', label: 'Exact score', help: 'Both scores right' },
  { key: 'difference', label: 'Right goal difference', help: 'Not exact; a draw with the wrong score counts here' },
  { key: 'outcome', label: 'Right outcome', help: 'The right winner or a draw, another difference' },
];

/** Field errors as react-hook-form gives them for `scoring` (the rule's own message sits on `rule.root` or `rule`). */
export interface ScoringErrors {
  rule?: {
    message?: string;
    root?: { message?: string };
    exact?: { message?: string };
    difference?: { message?: string };
    outcome?: { message?: string };
  };
}

/** The one line a league's page states its scoring in. */
export const scoringLine = (s: { rule: ScoringRule; bankersAllowed: boolean }) =>
  `Scoring: ${describeRule(s.rule, s.bankersAllowed)}`;

/**
 * The form's preview of the scoring: the line the league's page will state, only for a rule the
 * server would take; for any other, what is wrong with it (the same rule, `ruleProblem`), never a
 * line describing points that cannot be saved.
 */
export function scoringPreview(s: { rule: ScoringRule; bankersAllowed: boolean }): { valid: boolean; text: string } {
  const { exact, difference, outcome } = s.rule;
  if ([exact, difference, outcome].some((v) => Number.isNaN(v)))
    return { valid: false, text: 'Scoring: enter points for each kind of pick' };
  const problem = ruleProblem(s.rule);
  return problem ? { valid: false, text: problem } : { valid: true, text: scoringLine(s) };
}

/**
 * A league's scoring as its organiser chooses it: standard, goal difference or custom points
 * (whole numbers 0–10, exact ≥ difference ≥ outcome: the server checks it again), and whether a
 * banker counts double. Used by New League, the Leaderboard's Create League and the creator's
 * Change Scoring dialog, with the same schema (contract `leagueScoringSchema`).
 */
export function ScoringFields({
  value,
  onChange,
  errors,
  idPrefix,
}: {
  value: LeagueScoringInput;
  onChange: (next: LeagueScoringInput) => void;
  errors?: ScoringErrors;
  idPrefix?: string;
}) {
  const own = useId();
  const id = (name: string) => `${idPrefix ?? own}-${name}`;
  // A custom rule stays custom while its numbers happen to equal a preset's: the choice is the organiser's.
  const [custom, setCustom] = useState(() => ruleKind(value.rule) === 'custom');
  const kind: RuleKind = custom ? 'custom' : ruleKind(value.rule);
  const ruleError =
    errors?.rule?.root?.message ??
    errors?.rule?.message ??
    TIER_FIELDS.map((f) => errors?.rule?.[f.key]?.message).find(Boolean);
  const preview = scoringPreview(value);
  const box = useRef<HTMLFieldSetElement>(null);
  const firstPoints = useRef<HTMLInputElement>(null);
  // A refused rule after Save (focus on the button, or lost with the page): focus goes to the first
  // points box, so the message is read and the fix is a keystroke away. Never while the organiser
  // is typing in the fields, nor away from another field the form already focused.
  useEffect(() => {
    if (!ruleError) return;
    const at = document.activeElement;
    const onButtonOrNowhere = !at || at === document.body || (at instanceof HTMLButtonElement && at.type === 'submit');
    if (onButtonOrNowhere && !box.current?.contains(at)) firstPoints.current?.focus();
  }, [ruleError, errors?.rule]);
  const choose = (k: RuleKind) => {
    setCustom(k === 'custom');
    if (k === 'standard') onChange({ ...value, rule: { ...STANDARD_RULE } });
    else if (k === 'goal-difference') onChange({ ...value, rule: { ...GOAL_DIFFERENCE_RULE } });
    // Custom starts from the rule shown, to change what the organiser wants.
  };
  const setPoints = (key: keyof ScoringRule, raw: string) =>
    onChange({ ...value, rule: { ...value.rule, [key]: raw.trim() === '' ? Number.NaN : Number(raw) } });
  return (
    <fieldset ref={box} className="space-y-3" aria-describedby={id('line')}>
      <legend className="label">Scoring</legend>
      <div className="grid gap-2 sm:grid-cols-3">
        {KINDS.map((k) => (
          <label
            key={k.kind}
            className="flex cursor-pointer items-start gap-3 rounded-lg border border-slate-300 p-3 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50"
          >
            <input
              type="radio"
              name={id('kind')}
              value={k.kind}
              className="mt-1"
              checked={kind === k.kind}
              onChange={() => choose(k.kind)}
            />
            <span>
              <span className="block font-semibold">{k.title}</span>
              <span className="block text-sm text-slate-700">{k.text}</span>
            </span>
          </label>
        ))}
      </div>
      {kind === 'custom' && (
        <div className="grid gap-3 sm:grid-cols-3">
          {TIER_FIELDS.map((f) => (
            <div key={f.key}>
              <label className="label" htmlFor={id(f.key)}>
                {f.label}
              </label>
              <input
                ref={f.key === 'exact' ? firstPoints : undefined}
                id={id(f.key)}
                className="input"
                type="number"
                inputMode="numeric"
                min={0}
                max={RULE_POINTS_MAX}
                step={1}
                value={Number.isNaN(value.rule[f.key]) ? '' : value.rule[f.key]}
                aria-invalid={ruleError ? true : undefined}
                aria-describedby={`${id(f.key)}-help ${id('rule-error')}`}
                onChange={(e) => setPoints(f.key, e.target.value)}
              />
              <p id={`${id(f.key)}-help`} className="mt-1 text-xs text-slate-600">
                {f.help}
              </p>
            </div>
          ))}
        </div>
      )}
      {kind === 'custom' && (
        <p className="text-sm text-slate-700">
          Whole numbers from 0 to {RULE_POINTS_MAX}; an exact score earns at least as much as the right goal difference,
          and that at least as much as the right outcome.
        </p>
      )}
      {ruleError && (
        <p id={id('rule-error')} className="field-error" role="alert">
          {ruleError}
        </p>
      )}
      <label className="flex cursor-pointer items-start gap-3">
        <input
          type="checkbox"
          className="mt-1"
          checked={value.bankersAllowed}
          onChange={(e) => onChange({ ...value, bankersAllowed: e.target.checked })}
          aria-describedby={id('banker-help')}
        />
        <span>
          <span className="block font-semibold">Bankers count double in this league</span>
          <span id={id('banker-help')} className="block text-sm text-slate-700">
            {BANKER_RULE} Switched off, a banker counts once here (it still counts double overall).
          </span>
        </span>
      </label>
      <p
        id={id('line')}
        className={`rounded-lg p-3 text-sm font-semibold ${preview.valid ? 'bg-slate-50 text-slate-900' : 'border border-amber-300 bg-amber-50 text-amber-950'}`}
        data-testid="scoring-line"
        data-valid={preview.valid}
      >
        {preview.text}
      </p>
    </fieldset>
  );
}
