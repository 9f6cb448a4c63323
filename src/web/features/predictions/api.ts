import { useEffect, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import type { FixtureDto } from '../../../server/features/fixtures/presenter';
import type { PredictionBody, ResultBody } from '../../../game/schemas/predictions';

export type Outcome = 'exact' | 'outcome' | 'wrong';

/** The fixture as the server presents it (one definition: the server's presenter schema). */
export type Fixture = FixtureDto;
export type FixtureStatus = FixtureDto['status'];

export interface Prediction {
  fixtureId: string;
  homeScore: number;
  awayScore: number;
  predictedAt: string;
  points: number | null;
  outcome: Outcome | null;
}

export interface PredictableMatch {
  fixture: Fixture;
  deadline: string | null;
  window: 'open' | 'closed' | 'postponed';
  prediction: Prediction | null;
}

export interface Board {
  now: string;
  gameweek: number;
  currentGameweek: number;
  gameweeks: number[];
  matches: PredictableMatch[];
}

export interface MyPredictions {
  now: string;
  predictions: Array<PredictableMatch & { prediction: Prediction }>;
}

/**
 * The board is a fixture list (with the viewer's own pick), so it lives under ['fixtures', …]
 * and refreshes when fixtures move or results arrive; the server also names it in own-prediction events.
 */
export const boardKey = (gameweek: number | undefined) => ['fixtures', 'predictions-board', gameweek ?? 'default'] as const;
export const myPredictionsKey = ['predictions', 'mine'] as const;

export function useBoard(gameweek: number | undefined) {
  return useQuery({
    queryKey: boardKey(gameweek),
    queryFn: ({ signal }) => api<Board>(`/api/predictions/board${gameweek ? `?gameweek=${gameweek}` : ''}`, { signal }),
  });
}

export function useMyPredictions() {
  return useQuery({ queryKey: myPredictionsKey, queryFn: ({ signal }) => api<MyPredictions>('/api/predictions', { signal }) });
}

export function useSavePrediction() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ fixtureId, body }: { fixtureId: string; body: PredictionBody }) =>
      api<{ prediction: PredictableMatch }>(`/api/predictions/${encodeURIComponent(fixtureId)}`, { method: 'PUT', body }),
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: ['predictions'] });
      void qc.invalidateQueries({ queryKey: ['fixtures', 'predictions-board'] });
    },
  });
}

export function useSaveResult() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ fixtureId, body }: { fixtureId: string; body: ResultBody }) =>
      api<{ fixture: Fixture; scored: number }>(`/api/admin/results/${encodeURIComponent(fixtureId)}`, { method: 'PUT', body }),
    onSettled: () => void qc.invalidateQueries({ queryKey: ['fixtures'] }),
  });
}

export function useClearResult() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (fixtureId: string) => api<{ fixture: Fixture; reset: number }>(`/api/admin/results/${encodeURIComponent(fixtureId)}`, { method: 'DELETE' }),
    onSettled: () => void qc.invalidateQueries({ queryKey: ['fixtures'] }),
  });
}

/**
 * "Now" by the server's clock (SCORELINE_NOW aware): the server's `now` from the last answer plus
 * the time elapsed here since. Re-renders every 15 seconds so matches cross their deadline on screen.
 */
export function useServerNow(serverNow: string | undefined, receivedAt: number): Date {
  const [tick, setTick] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setTick(Date.now()), 15_000);
    return () => clearInterval(id);
  }, []);
  if (!serverNow) return new Date(tick);
  const offset = Date.parse(serverNow) - receivedAt;
  return new Date(Math.max(tick, receivedAt) + offset);
}
