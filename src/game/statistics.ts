import { DEADLINE_MS } from './limits.js';
import type { PredictionOutcome } from './scoring.js';

/**
 * A player's statistics, computed from their own stored predictions. Pure: the server loads the
 * rows, these functions do the sums.
 */

/** One of the player's predictions joined with its fixture; outcome/points only once a FINAL result exists. */
export interface PredictionRecord {
  fixtureId: string;
  homeTeam: string;
  awayTeam: string;
  /** UTC instant of kick-off; null for a postponed match without a new time. */
  kickoffAt: string | null;
  predictedAt: string;
  homeScore: number;
  awayScore: number;
  outcome: PredictionOutcome | null;
  points: number | null;
  /** The match's final result, once in (with `outcome` and `points`); absent where nobody reads it. */
  result?: { homeScore: number; awayScore: number } | null;
}

const HOUR_MS = 60 * 60 * 1000;
/** Predicted more than 24 hours before kick-off. */
export const EARLY_MS = 24 * HOUR_MS;
/**
 * The product once called "last minute" less than 2 hours before kick-off, but predictions close 2 hours
 * before kick-off (the server's deadline), so that bucket could never fill. Here "last minute" means
 * in the final 2 hours before the deadline: less than 4 hours before kick-off.
 */
export const LAST_MINUTE_WINDOW_MS = 2 * HOUR_MS;
export const LAST_MINUTE_MS = DEADLINE_MS + LAST_MINUTE_WINDOW_MS;

/** Dashboard progress-bar goals. */
export const POINTS_GOAL = 50;
export const STREAK_GOAL = 10;
export const SUCCESS_RATE_GOAL = 100;

export const round1 = (n: number): number => Math.round(n * 10) / 10;
const percent = (part: number, whole: number): number => (whole > 0 ? round1((part / whole) * 100) : 0);

const isRight = (o: PredictionOutcome): boolean => o === 'exact' || o === 'outcome';

export interface Totals {
  totalPredictions: number;
  /** Predictions whose match has a final result. */
  scoredPredictions: number;
  /** Right outcome or exact score. */
  correctPredictions: number;
  exactScores: number;
  /** Right outcome but not the exact score (1 point). */
  correctOutcomes: number;
  totalPoints: number;
  /** Percentage of predicted matches with results that were right, one decimal. */
  successRate: number;
  /** Points per prediction with a result, two decimals. */
  averagePointsPerPrediction: number;
}

/** Totals of any picks: only their outcome and points are read (the gameweek summary counts a gameweek's picks with it). */
export function computeTotals(records: readonly Pick<PredictionRecord, 'outcome' | 'points'>[]): Totals {
  let scored = 0;
  let exact = 0;
  let outcome = 0;
  let points = 0;
  for (const r of records) {
    if (r.outcome === null) continue;
    scored += 1;
    if (r.outcome === 'exact') exact += 1;
    else if (r.outcome === 'outcome') outcome += 1;
    points += r.points ?? 0;
  }
  return {
    totalPredictions: records.length,
    scoredPredictions: scored,
    correctPredictions: exact + outcome,
    exactScores: exact,
    correctOutcomes: outcome,
    totalPoints: points,
    successRate: percent(exact + outcome, scored),
    averagePointsPerPrediction: scored > 0 ? Math.round((points / scored) * 100) / 100 : 0,
  };
}

/** Kick-off order; ties (same kick-off) by fixture id so the order never depends on the query. */
function byKickoff(a: PredictionRecord, b: PredictionRecord): number {
  const ka = a.kickoffAt ?? '';
  const kb = b.kickoffAt ?? '';
  if (ka !== kb) return ka < kb ? -1 : 1;
  return a.fixtureId < b.fixtureId ? -1 : a.fixtureId > b.fixtureId ? 1 : 0;
}

/** Consecutive right predictions (outcome or exact) in kick-off order; a wrong one resets. */
export function computeStreaks(records: readonly PredictionRecord[]): { bestStreak: number; currentStreak: number } {
  const scored = records.filter((r) => r.outcome !== null).sort(byKickoff);
  let best = 0;
  let run = 0;
  for (const r of scored) {
    run = isRight(r.outcome!) ? run + 1 : 0;
    if (run > best) best = run;
  }
  return { bestStreak: best, currentStreak: run };
}

export const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

// Building an Intl formatter costs far more than using one, so each zone's is kept.
const weekdayFormats = new Map<string, Intl.DateTimeFormat>();

// Kick-offs are a few hundred instants, asked about again on every request: answers are kept.
const weekdayAnswers = new Map<string, Weekday>();

/** The weekday of an instant in a time zone (IANA name), by Intl. */
export function weekdayIn(iso: string, timeZone: string): Weekday {
  const key = `${timeZone}|${iso}`;
  const known = weekdayAnswers.get(key);
  if (known) return known;
  let format = weekdayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { weekday: 'long', timeZone });
    if (weekdayFormats.size < 500) weekdayFormats.set(timeZone, format);
  }
  const day = format.format(new Date(iso)) as Weekday;
  if (weekdayAnswers.size > 50_000) weekdayAnswers.clear();
  weekdayAnswers.set(key, day);
  return day;
}

/** True when `tz` is an IANA zone this runtime knows. */
export function isValidTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

export interface WeekdayAccuracy {
  day: Weekday;
  predictions: number;
  correct: number;
  /** Percentage right, one decimal; 0 when no prediction on that day has a result. */
  accuracy: number;
}

/** Accuracy by the weekday the match kicked off, in the viewer's time zone, Monday first. */
export function computeWeekdayAccuracy(records: readonly PredictionRecord[], timeZone: string): WeekdayAccuracy[] {
  const counts = new Map<Weekday, { n: number; right: number }>(WEEKDAYS.map((d) => [d, { n: 0, right: 0 }]));
  for (const r of records) {
    if (r.outcome === null || r.kickoffAt === null) continue;
    const c = counts.get(weekdayIn(r.kickoffAt, timeZone))!;
    c.n += 1;
    if (isRight(r.outcome)) c.right += 1;
  }
  return WEEKDAYS.map((day) => {
    const c = counts.get(day)!;
    return { day, predictions: c.n, correct: c.right, accuracy: percent(c.right, c.n) };
  });
}

/** How often the player predicts a home win, an away win or a draw (all predictions). */
export function computeHomeAwayBias(records: readonly PredictionRecord[]): {
  home: number;
  away: number;
  draw: number;
} {
  const bias = { home: 0, away: 0, draw: 0 };
  for (const r of records) {
    if (r.homeScore > r.awayScore) bias.home += 1;
    else if (r.homeScore < r.awayScore) bias.away += 1;
    else bias.draw += 1;
  }
  return bias;
}

export interface FavoriteTeam {
  team: string;
  /** Predictions on matches this team played in. */
  predictions: number;
  /** Percentage of those with a result that were right, one decimal; null while none has a result (no figure rather than 0%). */
  accuracy: number | null;
}

/** The teams in most of the player's predictions (top 3; ties by name), with accuracy. */
export function computeFavoriteTeams(records: readonly PredictionRecord[], limit = 3): FavoriteTeam[] {
  const teams = new Map<string, { n: number; scored: number; right: number }>();
  for (const r of records) {
    for (const team of [r.homeTeam, r.awayTeam]) {
      const t = teams.get(team) ?? { n: 0, scored: 0, right: 0 };
      t.n += 1;
      if (r.outcome !== null) {
        t.scored += 1;
        if (isRight(r.outcome)) t.right += 1;
      }
      teams.set(team, t);
    }
  }
  return [...teams.entries()]
    .sort(([a, x], [b, y]) => y.n - x.n || (a < b ? -1 : a > b ? 1 : 0))
    .slice(0, limit)
    .map(([team, t]) => ({ team, predictions: t.n, accuracy: t.scored > 0 ? percent(t.right, t.scored) : null }));
}

export interface PredictionTiming {
  /** Made more than 24 hours before kick-off. */
  early: number;
  /** Made in the last 2 hours before the deadline (less than 4 hours before kick-off). */
  lastMinute: number;
  /** Average hours between prediction and kick-off, one decimal (0 with no predictions). */
  averageHours: number;
}

/** When predictions are made relative to kick-off (postponed matches without a time are skipped). */
export function computePredictionTiming(records: readonly PredictionRecord[]): PredictionTiming {
  let early = 0;
  let lastMinute = 0;
  let sum = 0;
  let n = 0;
  for (const r of records) {
    if (r.kickoffAt === null) continue;
    const before = new Date(r.kickoffAt).getTime() - new Date(r.predictedAt).getTime();
    if (before > EARLY_MS) early += 1;
    if (before < LAST_MINUTE_MS) lastMinute += 1;
    sum += before;
    n += 1;
  }
  return { early, lastMinute, averageHours: n > 0 ? round1(sum / n / HOUR_MS) : 0 };
}

export interface Achievement {
  id: string;
  name: string;
  description: string;
  earned: boolean;
}

interface AchievementInput {
  totalPredictions: number;
  exactScores: number;
  correctPredictions: number;
  totalPoints: number;
  bestStreak: number;
  successRate: number;
}

/**
 * The player's achievements: one set, each earned or not from the player's own results, shown
 * alike on the dashboard and the statistics screen. A badge not earned yet says what earns it;
 * there are no placeholders that nothing can earn.
 */
export function playerAchievements(s: AchievementInput): Achievement[] {
  return [
    {
      id: 'first-prediction',
      name: 'First Prediction',
      description: 'Make your first prediction',
      earned: s.totalPredictions >= 1,
    },
    { id: 'perfect-score', name: 'Perfect Score', description: 'Predict an exact score', earned: s.exactScores >= 1 },
    { id: 'hat-trick', name: 'Hat Trick', description: 'Get 3 predictions right', earned: s.correctPredictions >= 3 },
    { id: 'high-scorer', name: 'High Scorer', description: 'Score 10 points', earned: s.totalPoints >= 10 },
    { id: 'sharpshooter', name: 'Sharpshooter', description: '5 or more exact scores', earned: s.exactScores >= 5 },
    {
      id: 'hot-streak',
      name: 'Hot Streak',
      description: 'A streak of 5 or more right predictions',
      earned: s.bestStreak >= 5,
    },
    {
      id: 'veteran-predictor',
      name: 'Veteran Predictor',
      description: '50 or more predictions',
      earned: s.totalPredictions >= 50,
    },
    {
      id: 'accuracy-expert',
      name: 'Accuracy Expert',
      description: 'A success rate of 60% or more',
      earned: s.successRate >= 60,
    },
    { id: 'point-master', name: 'Point Master', description: '100 or more points', earned: s.totalPoints >= 100 },
  ];
}

export interface PlayerStatistics extends Totals {
  bestStreak: number;
  currentStreak: number;
  weekdayAccuracy: WeekdayAccuracy[];
  homeAwayBias: { home: number; away: number; draw: number };
  favoriteTeams: FavoriteTeam[];
  predictionTiming: PredictionTiming;
  /** Every achievement, earned or not (`playerAchievements`). */
  achievements: Achievement[];
}

/** Everything the statistics screen shows except rank history (which needs other players' totals). */
export function computeStatistics(records: readonly PredictionRecord[], timeZone: string): PlayerStatistics {
  const totals = computeTotals(records);
  const streaks = computeStreaks(records);
  return {
    ...totals,
    ...streaks,
    weekdayAccuracy: computeWeekdayAccuracy(records, timeZone),
    homeAwayBias: computeHomeAwayBias(records),
    favoriteTeams: computeFavoriteTeams(records),
    predictionTiming: computePredictionTiming(records),
    achievements: playerAchievements({ ...totals, ...streaks }),
  };
}
