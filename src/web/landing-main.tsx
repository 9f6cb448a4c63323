import { StrictMode, useEffect, useState } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { LandingPage } from './features/landing/LandingPage';
import './styles.css';

/**
 * The light entry for a direct visit to /: React and the landing page only (no router, query
 * client or toasts), hydrating the HTML pre-rendered at build time. Links are plain anchors into
 * the single-page app. A signed-in visitor gets the Dashboard button once /api/me answers.
 */
function LandingEntry() {
  const [signedIn, setSignedIn] = useState(false);
  useEffect(() => {
    fetch('/api/me', { credentials: 'same-origin', headers: { accept: 'application/json' } })
      .then((res) => setSignedIn(res.ok))
      .catch(() => {});
  }, []);
  return <LandingPage signedIn={signedIn} />;
}

const root = document.getElementById('root')!;
const app = (
  <StrictMode>
    <LandingEntry />
  </StrictMode>
);
if (root.hasChildNodes()) hydrateRoot(root, app);
else createRoot(root).render(app);
