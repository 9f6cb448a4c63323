import type { AnswerLine, Question } from '../../../contract/bonus-questions.js';
import { isLocked, isTableKind } from '../../../game/bonus-questions.js';
import { parseList, type AnswerLineRow, type AnswerRow, type QuestionRow } from './repository.js';

/** What the viewer may see of a question besides the question itself: decided by the route. */
export interface QuestionView {
  now: Date;
  /** The viewer's own answer. */
  mine: AnswerRow | undefined;
  /** Chosen sets and how many chose each: given only once the question is locked. */
  tally: Array<{ choices: string; n: number }> | undefined;
  /** The viewer created the league and nobody has answered yet. */
  editable: boolean;
}

/**
 * A question as members see it. Before the lock nothing about other members' answers leaves:
 * neither how many answered nor what (`answered` and `tally` stay null whatever the route
 * passed).
 */
export function presentQuestion(row: QuestionRow, view: QuestionView): Question {
  const options = parseList<string>(row.options);
  const locked = isLocked(row.locksAt, view.now);
  let answered: number | null = null;
  let tally: number[] | null = null;
  if (locked && view.tally) {
    answered = 0;
    tally = options.map(() => 0);
    for (const t of view.tally) {
      answered += t.n;
      for (const c of parseList<number>(t.choices)) if (c >= 0 && c < tally.length) tally[c]! += t.n;
    }
  }
  const settled = row.correct !== null && row.settledBy !== null && row.settledAt !== null;
  return {
    id: row.id,
    season: row.seasonId,
    kind: row.kind,
    prompt: row.prompt,
    club: row.club,
    options,
    picks: row.picks,
    points: row.points,
    locksAt: row.locksAt,
    locked,
    fromTable: isTableKind(row.kind),
    tableLevel: row.tableLevel === 1,
    canEdit: view.editable && !locked && !settled,
    mine: view.mine
      ? { choices: parseList<number>(view.mine.choices), answeredAt: view.mine.answeredAt, points: view.mine.points }
      : null,
    answered,
    tally,
    settlement: settled
      ? {
          correct: parseList<number>(row.correct!),
          by: row.settledBy!,
          byName: row.settledBy === 'results' ? null : row.settlerName,
          at: row.settledAt!,
          note: row.settleNote,
        }
      : null,
    settlementVersion: row.settlementVersion,
  };
}

export function presentAnswerLine(row: AnswerLineRow, viewerId: string): AnswerLine {
  return {
    userId: row.userId,
    displayName: row.displayName,
    choices: parseList<number>(row.choices),
    points: row.points,
    isViewer: row.userId === viewerId,
  };
}
