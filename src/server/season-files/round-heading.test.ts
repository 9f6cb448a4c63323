import { describe, expect, it } from 'vitest';
import { readRoundHeading } from './round-heading.js';

describe('readRoundHeading', () => {
  it('reads a league round, a numbered stage and a knockout round', () => {
    expect(readRoundHeading('Matchday 12')).toEqual({ number: 12 });
    expect(readRoundHeading('League, Matchday 3')).toEqual({ stage: 'league-phase', number: 3 });
    expect(readRoundHeading('Finals, Round of 16')).toEqual({ stage: 'round-of-16' });
    expect(readRoundHeading('Quarter-final')).toEqual({ stage: 'quarter-finals' });
    expect(readRoundHeading('Match for third place')).toEqual({ stage: 'third-place' });
  });

  it('measures the text before reading it: padding does not make a round', () => {
    expect(readRoundHeading(`${' '.repeat(80_000)}1`)).toBeNull();
    expect(readRoundHeading(`Final${' '.repeat(100)}`)).toBeNull();
    expect(readRoundHeading('Matchday 0')).toBeNull();
    expect(readRoundHeading('Round of 15')).toBeNull();
  });
});
