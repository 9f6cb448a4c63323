import { describe, expect, it } from 'vitest';
import { presentQuestion } from './presenter.js';
import type { QuestionRow } from './repository.js';

/** The presenter is the last guard of the secrecy before the lock: whatever it is handed, nothing about others' answers leaves early. */
const row: QuestionRow = {
  id: 'q1',
  leagueId: 'l1',
  seasonId: '2030-31',
  kind: 'free',
  prompt: 'Yes or no?',
  club: null,
  options: '["Yes","No"]',
  picks: 1,
  points: 5,
  locksAt: '2030-08-10T12:00:00.000Z',
  createdBy: 'u1',
  createdAt: '2030-08-01T12:00:00.000Z',
  updatedAt: '2030-08-01T12:00:00.000Z',
  correct: null,
  settledBy: null,
  settlerId: null,
  settledAt: null,
  settleNote: null,
  settlementVersion: 0,
  tableLevel: 0,
  settlerName: null,
};
const tally = [
  { choices: '[0]', n: 3 },
  { choices: '[1]', n: 1 },
];

describe('presentQuestion', () => {
  it('shows no count or tally before the lock, even when handed one', () => {
    const q = presentQuestion(row, {
      now: new Date('2030-08-10T11:59:59.999Z'),
      mine: undefined,
      tally,
      editable: true,
    });
    expect(q).toMatchObject({ locked: false, answered: null, tally: null, canEdit: true });
  });

  it('counts answers per option from the lock on', () => {
    const q = presentQuestion(row, {
      now: new Date('2030-08-10T12:00:00.000Z'),
      mine: { questionId: 'q1', choices: '[1]', answeredAt: '2030-08-02T00:00:00.000Z', points: null },
      tally,
      editable: true,
    });
    expect(q).toMatchObject({
      locked: true,
      answered: 4,
      tally: [3, 1],
      canEdit: false,
      mine: { choices: [1], points: null },
    });
  });

  it('names the settler of a settlement by hand, not of one from the results', () => {
    const settled = {
      ...row,
      correct: '[0]',
      settledBy: 'organiser' as const,
      settlerId: 'u1',
      settledAt: '2030-08-11T00:00:00.000Z',
      settlerName: 'Alice Allstars',
      settlementVersion: 1,
    };
    const now = new Date('2030-08-12T00:00:00.000Z');
    expect(presentQuestion(settled, { now, mine: undefined, tally: [], editable: false }).settlement).toEqual({
      correct: [0],
      by: 'organiser',
      byName: 'Alice Allstars',
      at: '2030-08-11T00:00:00.000Z',
      note: null,
    });
    expect(
      presentQuestion({ ...settled, settledBy: 'results' }, { now, mine: undefined, tally: [], editable: false })
        .settlement?.byName,
    ).toBeNull();
  });
});
