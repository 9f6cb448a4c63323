import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { useApiMutation } from '../../lib/mutation';
import { boardDto, myPredictionsReply, savedPredictionReply, type PredictionBody } from '../../../contract/predictions';
import { resultClearedReply, resultSavedReply, type ResultBody } from '../../../contract/results';

/**
 * The board is a fixture list (with the viewer's own pick), so it lives under ['fixtures', …]
 * and refreshes when fixtures move or results arrive; the server also names it in own-prediction events.
 */
export const boardKey = (gameweek: number | undefined) => ['fixtures', 'predictions-board', gameweek ?? 'default'] as const;
export const myPredictionsKey = ['predictions', 'mine'] as const;

export function useBoard(gameweek: number | undefined) {
  return useQuery({
    queryKey: boardKey(gameweek),
    queryFn: ({ signal }) => api(`/api/predictions/board${gameweek ? `?gameweek=${gameweek}` : ''}`, { schema: boardDto, signal }),
  });
}

export function useMyPredictions() {
  return useQuery({ queryKey: myPredictionsKey, queryFn: ({ signal }) => api('/api/predictions', { schema: myPredictionsReply, signal }) });
}

export const useSavePrediction = () =>
  useApiMutation(
    ({ fixtureId, body }: { fixtureId: string; body: PredictionBody }) =>
      api(`/api/predictions/${encodeURIComponent(fixtureId)}`, { schema: savedPredictionReply, method: 'PUT', body }),
    { invalidates: [['predictions'], ['fixtures', 'predictions-board']] },
  );

const resultPath = (fixtureId: string) => `/api/admin/results/${encodeURIComponent(fixtureId)}`;

export const useSaveResult = () =>
  useApiMutation(({ fixtureId, body }: { fixtureId: string; body: ResultBody }) => api(resultPath(fixtureId), { schema: resultSavedReply, method: 'PUT', body }), {
    invalidates: [['fixtures']],
  });

export const useClearResult = () =>
  useApiMutation((fixtureId: string) => api(resultPath(fixtureId), { schema: resultClearedReply, method: 'DELETE' }), { invalidates: [['fixtures']] });

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
