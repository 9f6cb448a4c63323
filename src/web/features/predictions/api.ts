import { useEffect } from 'react';
import { followServerNow, usePageClock } from '../../lib/page-clock';
import { keepPreviousData, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { useApiMutation } from '../../lib/mutation';
import {
  bankerReply,
  boardDto,
  savedPredictionReply,
  type BankerReply,
  type Board,
  type PredictionBody,
} from '../../../contract/predictions';
import type { z } from 'zod';
import { resultClearedReply, resultSavedReply, type ResultBody } from '../../../contract/results';
import { seasonQs } from '../seasons/api';

/**
 * The board is a fixture list of a season (with the viewer's own pick), so it lives under
 * ['fixtures', season, …] and refreshes when that season's fixtures move or results arrive; the
 * server also names it in own-prediction events. `season` undefined: still loading (see
 * useSeasonParam). `gameweek` undefined: the server's choice (the next gameweek with a match open
 * for predictions); the dashboard's nudge reads that same board.
 */
export const boardKey = (season: string, gameweek: number | undefined) =>
  ['fixtures', season, 'predictions-board', gameweek ?? 'default'] as const;

export function useBoard(season: string | undefined, gameweek: number | undefined) {
  return useQuery({
    queryKey: boardKey(season ?? '', gameweek),
    enabled: season !== undefined,
    // Stepping to another gameweek keeps the one shown until the next arrives (the list dims meanwhile).
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }) => {
      const board = await api(`/api/predictions/board${seasonQs(season!)}${gameweek ? `&gameweek=${gameweek}` : ''}`, {
        schema: boardDto,
        signal,
      });
      // The page's clock follows the server's from the moment the answer arrives.
      followServerNow(board.now);
      return board;
    },
  });
}

type SavedPrediction = z.infer<typeof savedPredictionReply>['prediction'];

/**
 * Puts a saved pick straight into every cached board of its season, so the card shows it at
 * once without asking the server again. The server's own-prediction event refreshes the board
 * once afterwards (and other tabs), so a save costs exactly one board request, not two.
 */
export function putSavedPrediction(qc: QueryClient, saved: SavedPrediction) {
  qc.setQueriesData<Board>({ queryKey: ['fixtures', saved.fixture.seasonId, 'predictions-board'] }, (board) =>
    board
      ? {
          ...board,
          matches: board.matches.map((m) =>
            m.fixture.id === saved.fixture.id
              ? {
                  ...m,
                  fixture: saved.fixture,
                  deadline: saved.deadline,
                  window: saved.window,
                  prediction: saved.prediction,
                }
              : m,
          ),
        }
      : board,
  );
}

export const savePrediction = ({
  fixtureId,
  body,
  keepalive,
}: {
  fixtureId: string;
  body: PredictionBody;
  keepalive?: boolean;
}) =>
  api(`/api/predictions/${encodeURIComponent(fixtureId)}`, {
    schema: savedPredictionReply,
    method: 'PUT',
    body,
    keepalive,
  });

/** A pick from the modal or a card's quick entry: the board from the answer, the viewer's other views refetched. */
export function useSavePrediction() {
  const qc = useQueryClient();
  return useApiMutation(savePrediction, {
    onSuccess: (reply) => putSavedPrediction(qc, reply.prediction),
    invalidates: [['predictions'], ['dashboard']],
  });
}

/**
 * Puts a banker change into every cached board of its season: the match named is the banker of
 * its gameweek, every other pick of that gameweek is not (the server's answer says which).
 */
export function putBanker(qc: QueryClient, reply: BankerReply, fixtureId: string) {
  qc.setQueriesData<Board>({ queryKey: ['fixtures', reply.season, 'predictions-board'] }, (board) => {
    if (!board || !board.matches.some((m) => m.fixture.id === fixtureId)) return board;
    return {
      ...board,
      matches: board.matches.map((m) =>
        m.prediction && m.fixture.gameweek === reply.gameweek
          ? { ...m, prediction: { ...m.prediction, banker: m.fixture.id === reply.fixtureId } }
          : m,
      ),
    };
  });
}

/** Makes a pick the banker of its gameweek (on), or takes the banker off it (off). */
export function useBanker() {
  const qc = useQueryClient();
  return useApiMutation(
    ({ fixtureId, on }: { fixtureId: string; on: boolean }) =>
      api(`/api/predictions/${encodeURIComponent(fixtureId)}/banker`, {
        schema: bankerReply,
        method: on ? 'PUT' : 'DELETE',
      }),
    { onSuccess: (reply, vars) => putBanker(qc, reply, vars.fixtureId), invalidates: [['predictions'], ['dashboard']] },
  );
}

const resultPath = (fixtureId: string) => `/api/admin/results/${encodeURIComponent(fixtureId)}`;

export const useSaveResult = () =>
  useApiMutation(
    ({ fixtureId, body }: { fixtureId: string; body: ResultBody }) =>
      api(resultPath(fixtureId), { schema: resultSavedReply, method: 'PUT', body }),
    {
      invalidates: [['fixtures']],
    },
  );

export const useClearResult = () =>
  useApiMutation((fixtureId: string) => api(resultPath(fixtureId), { schema: resultClearedReply, method: 'DELETE' }), {
    invalidates: [['fixtures']],
  });

/**
 * "Now" by the server's clock (SCORELINE_NOW aware): the page's one clock (lib/page-clock.ts),
 * which follows the server's `now` from the latest answer and wakes the page at the instants its
 * screens wait for, so matches cross their deadline on screen at that instant.
 */
export function useServerNow(
  serverNow: string | undefined,
  receivedAt: number,
  instants: ReadonlyArray<number | string | null | undefined> = [],
): Date {
  useEffect(() => {
    if (serverNow) followServerNow(serverNow, receivedAt);
  }, [serverNow, receivedAt]);
  return usePageClock(instants);
}
