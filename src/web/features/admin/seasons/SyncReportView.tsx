import type { SyncReport } from '../../../../contract/admin-seasons';

function Lines({ title, lines }: { title: string; lines: string[] }) {
  if (lines.length === 0) return null;
  return (
    <details className="rounded-md border border-slate-200 px-3 py-2 text-sm" open={lines.length <= 5}>
      <summary className="cursor-pointer font-semibold text-slate-900">
        {title} ({lines.length})
      </summary>
      <ul className="mt-2 list-disc space-y-1 pl-5 text-slate-700">
        {lines.map((l, i) => (
          <li key={i}>{l}</li>
        ))}
      </ul>
    </details>
  );
}

/** What a plan would change or changed: its summary, then each kind of line. */
export function SyncReportView({ report }: { report: SyncReport }) {
  return (
    <div className="space-y-2" data-testid="sync-report">
      <p className={`font-semibold ${report.ok ? 'text-slate-900' : 'text-red-800'}`}>{report.summary}</p>
      {report.warnings.map((w) => (
        <p key={w} className="text-sm text-amber-800">
          {w}
        </p>
      ))}
      <Lines title="Changes" lines={report.changes} />
      <Lines title="Waiting for your confirmation on the feed panel (not applied)" lines={report.held} />
      <Lines title="Conflicts with the admin’s results (the admin’s stay)" lines={report.conflicts} />
      <Lines title="Kept as set here" lines={report.kept} />
      <Lines title="Held back" lines={report.skipped} />
      <Lines title="Not in the file (kept)" lines={report.missing} />
    </div>
  );
}
