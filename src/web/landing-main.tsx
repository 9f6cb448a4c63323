import { StrictMode, useEffect, useState } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { LandingPage } from './features/landing/LandingPage';
import { currentSeasonLabel } from './features/landing/season-label';
import { landingFigures, type LandingFigures } from './features/landing/public-figures';
import './styles.css';

/**
 * The light entry for a direct visit to /: React and the landing page only (no router, query
 * client or toasts), hydrating the HTML pre-rendered at build time. Links are plain anchors into
 * the single-page app. A signed-in visitor gets the Dashboard button once the session is known, and a
 * notice from navigation state shows after hydration (the pre-rendered HTML has none).
 */
function LandingEntry() {
  const [signedIn, setSignedIn] = useState(false);
  const [notice, setNotice] = useState<string | undefined>();
  const [seasonLabel, setSeasonLabel] = useState<string | undefined>();
  const [figures, setFigures] = useState<LandingFigures | undefined>();
  useEffect(() => {
    // A notice passed in React Router's navigation state survives a reload in history.state.
    const message = (window.history.state as { usr?: { message?: unknown } } | null)?.usr?.message;
    if (typeof message === 'string' && message) setNotice(message);
    // get-session answers 200 with null for visitors (no console error), and extends a session.
    fetch('/api/auth/get-session', { credentials: 'same-origin', headers: { accept: 'application/json' } })
      .then((res) => (res.ok ? (res.json() as Promise<{ user?: unknown } | null>) : null))
      .then((session) => setSignedIn(Boolean(session?.user)))
      .catch(() => {});
    // The current season changes without a rebuild: the pre-rendered page names none, and the
    // label arrives from the server (a plain fetch and a light check: no zod in this entry).
    fetch('/api/seasons', { credentials: 'same-origin', headers: { accept: 'application/json' } })
      .then((res) => (res.ok ? (res.json() as Promise<unknown>) : null))
      .then((body) => setSeasonLabel(currentSeasonLabel(body)))
      .catch(() => {});
    // Figures are counted by the server (none on a small game); the pre-rendered page shows none.
    fetch('/api/public-figures', { credentials: 'same-origin', headers: { accept: 'application/json' } })
      .then((res) => (res.ok ? (res.json() as Promise<unknown>) : null))
      .then((body) => setFigures(landingFigures(body)))
      .catch(() => {});
  }, []);
  return <LandingPage signedIn={signedIn} notice={notice} seasonLabel={seasonLabel} figures={figures} />;
}

const root = document.getElementById('root')!;
const app = (
  <StrictMode>
    <LandingEntry />
  </StrictMode>
);
if (root.hasChildNodes()) hydrateRoot(root, app);
else createRoot(root).render(app);
