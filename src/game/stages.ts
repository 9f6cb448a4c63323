/**
 * The stages a competition's rounds belong to, in the order a season plays them. A league season
 * is one `league` stage; the Champions League has a `league-phase`, then two-legged `play-offs`
 * and knockouts up to a one-match `final`; the World Cup a `group` stage, then one-match
 * knockouts from the `round-of-32`. The key is what files, the database and the API carry; the
 * name is what players see.
 */
export const STAGES = [
  'league',
  'league-phase',
  'group',
  'play-offs',
  'round-of-32',
  'round-of-16',
  'quarter-finals',
  'semi-finals',
  'third-place',
  'final',
] as const;
export type Stage = (typeof STAGES)[number];

export const STAGE_NAMES: Readonly<Record<Stage, string>> = {
  league: 'League',
  'league-phase': 'League phase',
  group: 'Group stage',
  'play-offs': 'Play-offs',
  'round-of-32': 'Round of 32',
  'round-of-16': 'Round of 16',
  'quarter-finals': 'Quarter-finals',
  'semi-finals': 'Semi-finals',
  'third-place': 'Third-place play-off',
  final: 'Final',
};

/** Stages whose matches must have a winner: extra time, penalties, and someone goes through. */
const KNOCKOUT: ReadonlySet<Stage> = new Set<Stage>([
  'play-offs',
  'round-of-32',
  'round-of-16',
  'quarter-finals',
  'semi-finals',
  'third-place',
  'final',
]);

/** Every knockout stage, in the order a season plays them. */
export const KNOCKOUT_STAGES: readonly Stage[] = STAGES.filter((s) => KNOCKOUT.has(s));

export function isKnockoutStage(stage: Stage): boolean {
  return KNOCKOUT.has(stage);
}

export function isStage(value: unknown): value is Stage {
  return typeof value === 'string' && (STAGES as readonly string[]).includes(value);
}
