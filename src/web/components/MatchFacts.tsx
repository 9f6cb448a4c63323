import type { Fixture } from '../../contract/fixtures';
import { TEAMS_NOT_KNOWN_MESSAGE } from '../../contract/predictions';
import { ninetyNote, resultLabel, resultText, roundText, teamsKnown } from '../lib/match-facts';

/**
 * Small pieces every screen that shows a match uses for knockout football (lib/match-facts.ts
 * says the words): the round chip, a result after extra time or penalties, and the note for a
 * match whose teams are not known yet.
 */

/** "Group A", "Quarter-finals · 1st leg", "Final"; nothing in a league season. */
export function RoundChip({ fixture, className = '' }: { fixture: Fixture; className?: string }) {
  const text = roundText(fixture);
  if (!text) return null;
  return (
    <span
      className={`inline-flex items-center rounded-full bg-indigo-50 px-2 py-0.5 text-xs font-semibold text-indigo-900 ring-1 ring-indigo-200 ${className}`}
      data-testid="match-round"
    >
      {text}
    </span>
  );
}

/**
 * A result: the main line ("1-0 a.e.t.", "1-1 a.e.t., 4-3 pens") and, after extra time, the
 * 90-minute score under it. The whole is labelled in words for screen readers.
 */
export function ResultScore({
  result,
  sep = ' - ',
  scoreClassName = 'text-2xl font-extrabold tabular-nums',
  testId = 'card-score',
}: {
  result: NonNullable<Fixture['result']>;
  sep?: string;
  scoreClassName?: string;
  testId?: string;
}) {
  const note = ninetyNote(result, '-');
  const full = resultText(result, '-');
  const main = result.extraTime ? `${result.extraTime.homeScore}-${result.extraTime.awayScore}` : full;
  // Starts with a space, so the whole reads "1-0 a.e.t." to anything that reads its text.
  const rest = full.slice(main.length);
  if (!note)
    return (
      <span className={scoreClassName} data-testid={testId}>
        {resultText(result, sep)}
      </span>
    );
  return (
    <span className="flex flex-col items-center leading-tight" aria-label={resultLabel(result)} role="group">
      {/* The score large, the rest ("a.e.t., 4-3 pens") smaller under it, so a phone's card keeps the team names. */}
      <span className="flex flex-col items-center" data-testid={testId}>
        <span className={scoreClassName}>{main}</span>
        <span className="text-sm font-bold text-slate-800">{rest}</span>
      </span>
      <span className="text-xs font-medium text-slate-600" data-testid="ninety-note">
        {note}
      </span>
    </span>
  );
}

/** In place of score inputs while a side is still a placeholder. */
export function TeamsNotKnown({ fixture }: { fixture: Fixture }) {
  if (teamsKnown(fixture)) return null;
  return (
    <p className="rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-700" data-testid="teams-not-known">
      {TEAMS_NOT_KNOWN_MESSAGE}
    </p>
  );
}

/** Which competition a match belongs to, and its round: "FIFA World Cup · Final"; for lists that mix competitions. */
export function MatchContext({ fixture }: { fixture: Fixture }) {
  return (
    <span className="inline-flex flex-wrap items-center gap-1.5" data-testid="match-competition">
      <span className="text-xs font-semibold text-slate-700">{fixture.league}</span>
      <RoundChip fixture={fixture} />
    </span>
  );
}
