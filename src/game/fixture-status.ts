export const FIXTURE_STATUSES = ['upcoming', 'live', 'finished', 'postponed'] as const;
export type FixtureStatus = (typeof FIXTURE_STATUSES)[number];

/**
 * A fixture's status follows from the clock and the data: postponed when the admin says so,
 * finished once a final result is saved, live from kick-off until then, upcoming before.
 */
export function deriveStatus(
  f: { kickoffAt: string | null; postponed: boolean | number },
  result: { final: boolean | number } | null,
  now: Date,
): FixtureStatus {
  if (f.postponed || f.kickoffAt === null) return 'postponed';
  if (result && result.final) return 'finished';
  if (now.getTime() >= new Date(f.kickoffAt).getTime()) return 'live';
  return 'upcoming';
}
