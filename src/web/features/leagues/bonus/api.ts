import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { useApiMutation } from '../../../lib/mutation';
import { okDto } from '../../../../contract/common';
import type { ChangeEvent } from '../../../../contract/events';
import {
  answersPageDto,
  questionListReply,
  questionReply,
  type SettleInput,
} from '../../../../contract/bonus-questions';
import type { CreateQuestionInput, UpdateQuestionInput } from '../../../../contract/bonus-question-rules';

/**
 * A league's bonus questions on the web. Everything sits under ['bonus-questions', league]: the
 * server's events about a league's questions name that prefix (an answer: only the player's own
 * tabs), and a settlement also names ['leagues'] and ['dashboard'], whose tables and positions
 * carry the bonus points.
 */
export const bonusKeys = {
  league: (leagueId: string) => ['bonus-questions', leagueId] as const,
  list: (leagueId: string, season: string) => ['bonus-questions', leagueId, 'list', season] as const,
  answers: (leagueId: string, questionId: string, page: number) =>
    ['bonus-questions', leagueId, 'answers', questionId, page] as const,
};

const base = (leagueId: string) => `/api/leagues/${encodeURIComponent(leagueId)}/questions`;
const one = (leagueId: string, questionId: string) => `${base(leagueId)}/${encodeURIComponent(questionId)}`;

export function useBonusQuestions(leagueId: string, season: string) {
  return useQuery({
    queryKey: bonusKeys.list(leagueId, season),
    queryFn: () => api(`${base(leagueId)}?season=${encodeURIComponent(season)}`, { schema: questionListReply }),
  });
}

export const ANSWERS_PAGE_SIZE = 50;

/** A page of everyone's answers to a locked question. */
export function useQuestionAnswers(leagueId: string, questionId: string | null, page: number) {
  return useQuery({
    queryKey: bonusKeys.answers(leagueId, questionId ?? '', page),
    enabled: questionId !== null,
    placeholderData: keepPreviousData,
    queryFn: () =>
      api(`${one(leagueId, questionId!)}/answers?page=${page}&pageSize=${ANSWERS_PAGE_SIZE}`, {
        schema: answersPageDto,
      }),
  });
}

/** The changes these calls make (lib/change-keys.ts): the league's questions; with points, its tables and the dashboard's positions. */
const questions = (leagueId: string) => (): ChangeEvent[] => [{ type: 'bonus-questions.changed', leagueId }];
const settlement = (leagueId: string) => (): ChangeEvent[] => [{ type: 'bonus.settled', leagueId }];

export const useAddQuestion = (leagueId: string) =>
  useApiMutation((body: CreateQuestionInput) => api(base(leagueId), { schema: questionReply, method: 'POST', body }), {
    changes: questions(leagueId),
  });
export const useEditQuestion = (leagueId: string) =>
  useApiMutation(
    ({ id, body }: { id: string; body: UpdateQuestionInput }) =>
      api(one(leagueId, id), { schema: questionReply, method: 'PUT', body }),
    {
      changes: questions(leagueId),
    },
  );
export const useDeleteQuestion = (leagueId: string) =>
  useApiMutation((id: string) => api(one(leagueId, id), { schema: okDto, method: 'DELETE' }), {
    changes: settlement(leagueId),
  });
export const useAnswerQuestion = (leagueId: string) =>
  useApiMutation(
    ({ id, choices }: { id: string; choices: number[] }) =>
      api(`${one(leagueId, id)}/answer`, { schema: questionReply, method: 'PUT', body: { choices } }),
    {
      changes: questions(leagueId),
    },
  );
export const useSettleQuestion = (leagueId: string) =>
  useApiMutation(
    ({ id, body }: { id: string; body: SettleInput }) =>
      api(`${one(leagueId, id)}/settlement`, { schema: questionReply, method: 'PUT', body }),
    {
      changes: settlement(leagueId),
    },
  );
export const useUnsettleQuestion = (leagueId: string) =>
  useApiMutation(
    ({ id, version }: { id: string; version: number }) =>
      api(`${one(leagueId, id)}/settlement?version=${version}`, { schema: questionReply, method: 'DELETE' }),
    {
      changes: settlement(leagueId),
    },
  );
