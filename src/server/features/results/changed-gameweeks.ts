/**
 * The gameweeks a `results.changed` names (src/contract/events.ts): those of the fixtures whose
 * results changed, so the read model drops only those gameweeks' kept values beside the season's
 * points (decision 0113). A fixture with no gameweek names none.
 */
export function gameweeksOf(fixtures: ReadonlyArray<{ gameweek: number | null }>): number[] {
  return [...new Set(fixtures.flatMap((f) => (f.gameweek === null ? [] : [f.gameweek])))].sort((a, b) => a - b);
}
