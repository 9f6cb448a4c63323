import { useState } from 'react';
import { Modal } from '../../../components/Modal';
import { Banner } from '../../../components/Banner';
import { ApiError } from '../../../lib/api';
import type { AdminSeason, SyncReport, SeasonFileUpload } from '../../../../contract/admin-seasons';
import { usePreviewReimport, useReimport } from './api';
import { SeasonFileInput } from './SeasonFileInput';
import { SyncReportView } from './SyncReportView';

const message = (err: unknown) => (err instanceof ApiError ? err.message : 'Something went wrong. Please try again.');

/**
 * Re-import a newer file of a season: preview what the planner would change (moves,
 * postponements, results, new fixtures, conflicts; matched by club pair), then apply it.
 */
export function ReimportDialog({
  season,
  onClose,
  onDone,
}: {
  season: AdminSeason | null;
  onClose: () => void;
  onDone: (text: string) => void;
}) {
  const preview = usePreviewReimport();
  const apply = useReimport();
  const [file, setFile] = useState<SeasonFileUpload | null>(null);
  const [report, setReport] = useState<SyncReport | null>(null);
  const [hash, setHash] = useState('');
  const [formError, setFormError] = useState<string | null>(null);
  const close = () => {
    setFile(null);
    setReport(null);
    setFormError(null);
    onClose();
  };
  const changes = report?.ok ? report.changes.length : 0;

  return (
    <Modal open={season !== null} onClose={close} title={season ? `Re-import ${season.label}` : 'Re-import'} size="lg">
      {season && (
        <div className="space-y-4">
          {formError && <Banner kind="error">{formError}</Banner>}
          <SeasonFileInput
            label="Newer file of this season"
            disabled={apply.isPending}
            onFile={(f) => {
              setFile(f);
              setReport(null);
            }}
          />
          {report && <SyncReportView report={report} />}
          <div className="flex justify-end gap-3">
            <button type="button" className="btn-secondary" onClick={close}>
              Cancel
            </button>
            {!report ? (
              <button
                type="button"
                className="btn-primary"
                disabled={!file || preview.isPending}
                onClick={async () => {
                  setFormError(null);
                  try {
                    const out = await preview.mutateAsync({ season: season.id, ...file! });
                    setReport(out.report);
                    setHash(out.planHash);
                  } catch (err) {
                    setFormError(message(err));
                  }
                }}
              >
                {preview.isPending ? 'Checking…' : 'Preview changes'}
              </button>
            ) : (
              <button
                type="button"
                className="btn-primary"
                disabled={!report.ok || changes === 0 || apply.isPending}
                onClick={async () => {
                  setFormError(null);
                  try {
                    const out = await apply.mutateAsync({ season: season.id, ...file!, planHash: hash });
                    onDone(`${season.label} re-imported: ${out.report.summary}`);
                    close();
                  } catch (err) {
                    setFormError(message(err));
                    // The season moved on since the preview: show the new plan.
                    if (err instanceof ApiError && err.code === 'plan_changed') setReport(null);
                  }
                }}
              >
                {apply.isPending
                  ? 'Applying…'
                  : changes === 0
                    ? 'Nothing to apply'
                    : `Apply ${changes} change${changes === 1 ? '' : 's'}`}
              </button>
            )}
          </div>
        </div>
      )}
    </Modal>
  );
}
