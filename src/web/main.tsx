import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { captureInstallOffer } from './pwa/install';
import { registerServiceWorker } from './pwa/register';
import './styles.css';

captureInstallOffer();
registerServiceWorker();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
