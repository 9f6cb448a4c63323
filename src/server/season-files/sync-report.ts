import type { SyncPlan } from './sync-types.js';

/** At most this many lines of each kind go to the screen and into a run's record (the counts say the rest). */
export const REPORT_LINES_MAX = 200;

export interface SyncReportLines {
  ok: boolean;
  reason: string | null;
  summary: string;
  counts: Record<string, number>;
  changes: string[];
  conflicts: string[];
  skipped: string[];
  /** Moves waiting for the admin's confirmation (decision 0100). */
  held: string[];
  missing: string[];
  warnings: string[];
  kept: string[];
}

const cap = (lines: string[]) =>
  lines.length > REPORT_LINES_MAX
    ? [...lines.slice(0, REPORT_LINES_MAX), `… and ${lines.length - REPORT_LINES_MAX} more.`]
    : lines;

/** A plan as the admin screen, the runs list and the log show it: one line per change. */
export function syncReport(plan: SyncPlan, kept: readonly string[] = []): SyncReportLines {
  if (!plan.ok) {
    return {
      ok: false,
      reason: plan.reason,
      summary: plan.message,
      counts: plan.counts,
      changes: [],
      conflicts: [],
      skipped: [],
      held: [],
      missing: [],
      warnings: [],
      kept: [],
    };
  }
  return {
    ok: true,
    reason: null,
    summary: plan.summary,
    counts: { ...plan.counts },
    changes: cap(plan.changes.map((c) => c.description)),
    conflicts: cap(plan.conflicts.map((c) => c.description)),
    skipped: cap(plan.skipped.map((s) => s.description)),
    held: cap(plan.held.map((h) => h.description)),
    missing: cap(plan.missing.map((m) => m.description)),
    warnings: plan.warnings,
    kept: cap([...kept]),
  };
}
