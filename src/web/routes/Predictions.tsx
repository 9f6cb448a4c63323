import { useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { RequireAuth } from '../app/guards';
import { useSession } from '../lib/session';
import { UpcomingTab, type Mode } from '../features/predictions/UpcomingTab';
import { MyPredictionsTab } from '../features/predictions/MyPredictionsTab';
import { AdminResults, PlayerResults } from '../features/predictions/ResultsTab';
import { usePredictionEditor } from '../features/predictions/usePredictionEditor';
import { SeasonSwitcher } from '../features/seasons/SeasonSwitcher';
import { PastSeasonNote, SeasonBreakBanner, SeasonNotFound } from '../features/seasons/SeasonNotices';
import { SeasonKeyed } from '../features/seasons/SeasonKeyed';
import { useSeasonChoice } from '../features/seasons/api';

const TABS = ['upcoming', 'my-predictions', 'results'] as const;
type Tab = (typeof TABS)[number];

function PredictionsScreen() {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const { isAdmin } = useSession();
  const stateTab = (location.state as { activeTab?: string } | null)?.activeTab;
  const raw = params.get('tab') ?? stateTab;
  const tab: Tab = TABS.includes(raw as Tab) ? (raw as Tab) : 'upcoming';
  const [mode, setMode] = useState<Mode>('upcoming');
  const [gameweek, setGameweek] = useState<number | undefined>(undefined);
  const [colours, setColours] = useState(true);
  const editor = usePredictionEditor();
  const season = useSeasonChoice();
  const readOnly = season.kind === 'season' && season.readOnly;

  const labels: Record<Tab, string> = {
    upcoming: readOnly ? 'Matches' : mode === 'past' ? 'Past Matches' : 'Upcoming Matches',
    'my-predictions': 'My Predictions',
    results: 'Results',
  };
  // The tab is in the URL beside the season (?season=), which it keeps.
  const select = (t: Tab) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (t === 'upcoming') next.delete('tab');
        else next.set('tab', t);
        return next;
      },
      { replace: true },
    );

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">Predictions</h1>
        <SeasonSwitcher />
      </div>
      {season.kind === 'season' && season.isCurrent && <SeasonBreakBanner />}
      <PastSeasonNote choice={season} />
      {season.kind === 'not-found' ? (
        <SeasonNotFound id={season.id} />
      ) : (
        <>
      <div role="tablist" aria-label="Predictions" className="flex gap-1 overflow-x-auto border-b border-slate-200">
        {TABS.map((t) => (
          <button
            key={t}
            id={`tab-${t}`}
            role="tab"
            type="button"
            aria-selected={tab === t}
            aria-controls={`panel-${t}`}
            tabIndex={tab === t ? 0 : -1}
            onClick={() => select(t)}
            onKeyDown={(e) => {
              const i = TABS.indexOf(t);
              const next = e.key === 'ArrowRight' ? TABS[(i + 1) % TABS.length] : e.key === 'ArrowLeft' ? TABS[(i + TABS.length - 1) % TABS.length] : null;
              if (next) {
                e.preventDefault();
                select(next);
                document.getElementById(`tab-${next}`)?.focus();
              }
            }}
            className={`-mb-px whitespace-nowrap border-b-2 px-3 py-2 text-sm font-semibold sm:px-4 ${tab === t ? 'border-brand-700 text-brand-800' : 'border-transparent text-slate-700 hover:text-slate-900'}`}
          >
            {labels[t]}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`}>
        {tab === 'upcoming' && (
          <UpcomingTab
            mode={mode}
            onMode={setMode}
            gameweek={gameweek}
            onGameweek={setGameweek}
            colours={colours}
            onColours={setColours}
            onPredict={editor.open}
            readOnly={readOnly}
          />
        )}
        {tab === 'my-predictions' && <MyPredictionsTab mode={mode} onMode={setMode} onPredict={editor.open} readOnly={readOnly} />}
        {tab === 'results' && (isAdmin ? <AdminResults /> : <PlayerResults />)}
      </div>
        </>
      )}
      {editor.modals}
    </div>
  );
}

export default function Predictions() {
  return (
    <RequireAuth loading="Loading predictions...">
      {/* A season switch starts the screen afresh (its gameweek is that season's). */}
      <SeasonKeyed>
        <PredictionsScreen />
      </SeasonKeyed>
    </RequireAuth>
  );
}
