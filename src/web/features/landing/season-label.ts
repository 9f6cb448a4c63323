/**
 * The current season's label ("2026/27") from a `/api/seasons` answer, checked by hand: the
 * landing page's light entry carries no zod. Anything unexpected gives undefined (the page then
 * names no season, as pre-rendered).
 */
export function currentSeasonLabel(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const { current, seasons } = body as { current?: unknown; seasons?: unknown };
  if (typeof current !== 'string' || !Array.isArray(seasons)) return undefined;
  const season: unknown = seasons.find(
    (s: unknown) => typeof s === 'object' && s !== null && (s as { id?: unknown }).id === current,
  );
  const label = (season as { label?: unknown } | undefined)?.label;
  // A label is short and plain ("2026/27"); anything else is not shown.
  return typeof label === 'string' && label.length > 0 && label.length <= 32 ? label : undefined;
}
