import { useCallback, useState } from 'react';
import { Banner } from '../../components/Banner';
import { ApiError, SOMETHING_WRONG } from '../../lib/api';
import { downloadMyData } from './api';

/** Settings' "Your data": the player's own data as a JSON file. */
export function DownloadData() {
  const [busy, setBusy] = useState(false);
  const [banner, setBanner] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const dismiss = useCallback(() => setBanner(null), []);
  const download = async () => {
    setBusy(true);
    setBanner(null);
    try {
      const name = await downloadMyData();
      setBanner({ kind: 'success', text: `Your data is downloading as ${name}.` });
    } catch (err) {
      setBanner({ kind: 'error', text: err instanceof ApiError ? err.message : SOMETHING_WRONG });
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="card space-y-3" aria-labelledby="your-data-heading">
      <h2 id="your-data-heading" className="text-lg font-bold">
        Your Data
      </h2>
      <p className="text-sm text-slate-700">
        Download everything Scoreline keeps about you as a JSON file: your account, settings, every prediction with its
        result, points and banker, your leagues, your answers to bonus questions and your messages to us.
      </p>
      {banner && (
        <Banner kind={banner.kind} onDismiss={dismiss} clearAfterMs={banner.kind === 'success' ? 5000 : undefined}>
          {banner.text}
        </Banner>
      )}
      <button type="button" className="btn-secondary w-full" onClick={() => void download()} disabled={busy}>
        {busy ? 'Preparing your file...' : 'Download my data'}
      </button>
    </section>
  );
}
