import { useState } from 'react';
import type { Question } from '../../../../contract/bonus-questions';
import { Modal } from '../../../components/Modal';
import { ANSWERS_PAGE_SIZE, useQuestionAnswers } from './api';
import { earnedText, optionList } from './labels';

/** Everyone's answers to a locked question, a page at a time, by name. */
export function AnswersDialog({
  leagueId,
  question,
  onClose,
}: {
  leagueId: string;
  question: Question | null;
  onClose: () => void;
}) {
  return (
    <Modal open={question !== null} onClose={onClose} title="Everyone’s answers" size="lg">
      {question && <AnswersList leagueId={leagueId} question={question} />}
      <div className="mt-6 flex justify-end">
        <button type="button" className="btn-secondary" onClick={onClose}>
          Close
        </button>
      </div>
    </Modal>
  );
}

function AnswersList({ leagueId, question }: { leagueId: string; question: Question }) {
  const [page, setPage] = useState(1);
  const q = useQuestionAnswers(leagueId, question.id, page);
  const data = q.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / ANSWERS_PAGE_SIZE)) : 1;
  return (
    <div>
      <p className="font-semibold text-slate-900">{question.prompt}</p>
      {q.isPending ? (
        <p role="status" className="mt-4 text-slate-700">
          Loading answers...
        </p>
      ) : q.isError ? (
        <p role="alert" className="mt-4 text-red-700">
          {q.error.message}
        </p>
      ) : data && data.total === 0 ? (
        <p className="mt-4 text-slate-700">Nobody in the league answered this question.</p>
      ) : data ? (
        <>
          <div className="mt-4 max-h-[50vh] overflow-y-auto rounded-lg border border-slate-200">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Answers to {question.prompt}</caption>
              <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-600">
                <tr>
                  <th scope="col" className="px-3 py-2">
                    Player
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Answer
                  </th>
                  {question.settlement && (
                    <th scope="col" className="px-3 py-2 text-right">
                      Points
                    </th>
                  )}
                </tr>
              </thead>
              <tbody>
                {data.answers.map((a) => (
                  <tr key={a.userId} className={`border-t border-slate-200 ${a.isViewer ? 'bg-brand-50' : ''}`}>
                    <td className="px-3 py-2 font-medium text-slate-900">
                      {a.displayName}
                      {a.isViewer && (
                        <span className="ml-2 rounded bg-brand-700 px-1.5 py-0.5 text-xs font-bold text-white">
                          You
                        </span>
                      )}
                    </td>
                    <td className="px-3 py-2 text-slate-800">{optionList(question, a.choices)}</td>
                    {question.settlement && (
                      <td className="px-3 py-2 text-right tabular-nums">
                        {a.points === null ? '–' : earnedText(a.points)}
                      </td>
                    )}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {pages > 1 && (
            <nav aria-label="Answer pages" className="mt-3 flex items-center justify-between gap-2 text-sm">
              <button
                type="button"
                className="btn-secondary"
                disabled={page <= 1}
                onClick={() => setPage((p) => p - 1)}
              >
                Previous
              </button>
              <span className="text-slate-700">
                Page {page} of {pages}
              </span>
              <button
                type="button"
                className="btn-secondary"
                disabled={page >= pages}
                onClick={() => setPage((p) => p + 1)}
              >
                Next
              </button>
            </nav>
          )}
        </>
      ) : null}
    </div>
  );
}
