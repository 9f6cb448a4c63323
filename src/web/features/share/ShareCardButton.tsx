import { useState } from 'react';
import { notify } from '../../lib/notify';
import { browserShareHost, CARD_DOWNLOADED, shareCard } from './share-card';

/** A button that shares a card (a PNG drawn by the server) through the share sheet, else downloads it. */
export function ShareCardButton({
  path,
  fileName,
  title,
  label = 'Share',
}: {
  path: string;
  fileName: string;
  title: string;
  label?: string;
}) {
  const [busy, setBusy] = useState(false);
  const onClick = async () => {
    setBusy(true);
    try {
      const outcome = await shareCard(browserShareHost(), { path, fileName, title });
      if (outcome.kind === 'downloaded') notify('success', CARD_DOWNLOADED);
      else if (outcome.kind === 'failed') notify('error', outcome.message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <button
      type="button"
      className="btn-secondary"
      onClick={() => void onClick()}
      disabled={busy}
      aria-busy={busy}
      aria-label={`${label}: ${title}`}
    >
      {busy ? 'Preparing picture…' : label}
    </button>
  );
}
