import type { World } from './generate.js';
import type { PageRequest, Visit } from './loader.js';

/**
 * What each screen of the web app requests when a player opens it, in the order it asks: read
 * from src/web (routes, features' api.ts, the layouts and the session hook) and checked by
 * recording a headless Chromium's requests on each screen of the match-week world (the Champions
 * League's screens read from src/web only, not yet recorded). A page is a fresh visit: the
 * document (the app shell), then the session (Better Auth's get-session, then /api/me), with the
 * seasons and clubs every player screen fetches at once, then the screen's own requests as its
 * components mount. Hashed assets are cached by the browser for good (the
 * static row measures them) and the live stream stays open (the SSE rows measure it), so a page
 * here asks for neither. Moving between screens inside the app asks only for the screen's own
 * requests; a fresh visit is the heavier case, and the one a fan opening a link or a
 * notification makes.
 */
export const TZ = 'Europe/London';
const tz = encodeURIComponent(TZ);

const get = (label: string, path: string): PageRequest => ({ label, method: 'GET', path });

/** What a player's each page needs to know about the world. */
export interface PageContext {
  world: World;
  /** The player's index in `world.playerIds`. */
  player: number;
}

/** The document and the session part of every signed-in page, then the screen's waves. */
function signedInPage(page: string, documentPath: string, screen: PageRequest[][], season: string): Visit {
  return {
    page,
    waves: [
      [get('document (app shell)', documentPath.replaceAll('{season}', encodeURIComponent(season)))],
      [
        get('/api/auth/get-session', '/api/auth/get-session'),
        get('/api/seasons', '/api/seasons'),
        get('/api/clubs?season=all', '/api/clubs?season=all'),
      ],
      [get('/api/me', '/api/me')],
      ...screen.map((wave) =>
        wave.map((r) => ({ ...r, path: r.path.replaceAll('{season}', encodeURIComponent(season)) })),
      ),
    ],
  };
}

/** The league whose table a player's league page shows: a 1,000-member league for its members (the first 1,000 players), else an all-player one, of a rule taking turns. */
export function leagueOf(ctx: PageContext): string {
  const r = ctx.world.ruleLeagues[ctx.player % ctx.world.ruleLeagues.length]!;
  return ctx.player < 1000 ? r.league1k : r.league10k;
}

/**
 * The Champions League league whose table a player opens: one of the two 1,000-member leagues for
 * their members (the first 1,000 players, half on the one counting the score after extra time),
 * else the player's own league of ten (half of those count extra time too).
 */
export function championsLeagueLeagueOf(ctx: PageContext): string {
  const cl = ctx.world.championsLeague;
  if (ctx.player < 1000) return ctx.player % 2 === 0 ? cl.league1k : cl.league1kExtraTime;
  return cl.smallLeagues[Math.floor(ctx.player / 10)] ?? cl.league1k;
}

export const PAGES = {
  /** Predictions: opens on the gameweek in play (it still has open matches); cards past their deadline ask how everyone picked. */
  board: (ctx: PageContext): Visit =>
    signedInPage(
      'Predictions board',
      '/predictions',
      [
        [get('/api/predictions/board', '/api/predictions/board?season={season}')],
        [
          get('/api/leagues', '/api/leagues'),
          get('/api/pick-shares', `/api/pick-shares?season={season}&gameweek=${ctx.world.matchWeek.gameweek}`),
        ],
      ],
      ctx.world.currentSeason,
    ),
  dashboard: (ctx: PageContext): Visit =>
    signedInPage(
      'Dashboard',
      '/dashboard',
      [
        [get('/api/dashboard', '/api/dashboard')],
        [
          get('/api/me/gameweeks/latest', '/api/me/gameweeks/latest?season={season}'),
          get('/api/leagues/positions', '/api/leagues/positions'),
        ],
        [
          get(
            '/api/me/gameweeks/:n/summary',
            `/api/me/gameweeks/${ctx.world.matchWeek.gameweek}/summary?season={season}`,
          ),
        ],
      ],
      ctx.world.currentSeason,
    ),
  /** Leaderboard on one of the player's leagues (as the dashboard's link opens it). */
  leagueTable: (ctx: PageContext): Visit =>
    signedInPage(
      'League table',
      '/leaderboard',
      [
        [get('/api/leagues', '/api/leagues')],
        [
          get('/api/leagues/gameweeks', '/api/leagues/gameweeks?season={season}'),
          get(
            '/api/leagues/:id/table',
            `/api/leagues/${encodeURIComponent(leagueOf(ctx))}/table?season={season}&page=1&pageSize=50`,
          ),
        ],
      ],
      ctx.world.currentSeason,
    ),
  /** Live Matches: today's and live matches; every card asks how everyone picked (one request per gameweek shown). */
  matches: (ctx: PageContext): Visit =>
    signedInPage(
      'Live Matches',
      '/matches',
      [
        [get('/api/matches', `/api/matches?tz=${tz}`)],
        [
          get('/api/leagues', '/api/leagues'),
          get('/api/pick-shares', `/api/pick-shares?season={season}&gameweek=${ctx.world.matchWeek.gameweek}`),
        ],
      ],
      ctx.world.currentSeason,
    ),
  /**
   * The Champions League on the Predictions board, a matchday of it (`?season=…&gameweek=N`, as
   * the season switcher and the matchday steps leave the URL): `n` steps through the matchdays, so
   * players look at the league phase and the knockout rounds alike.
   */
  championsLeagueMatchday: (ctx: PageContext, n = 0): Visit => {
    const days = ctx.world.championsLeague.gameweeks;
    const day = days[(ctx.player + n) % days.length]!;
    return signedInPage(
      'Champions League matchday',
      `/predictions?season={season}&gameweek=${day}`,
      [
        [get('/api/predictions/board', `/api/predictions/board?season={season}&gameweek=${day}`)],
        [
          get('/api/leagues', '/api/leagues'),
          get('/api/pick-shares', `/api/pick-shares?season={season}&gameweek=${day}`),
        ],
      ],
      ctx.world.championsLeague.season,
    );
  },
  /** The Leaderboard's Everyone view of the Champions League season (every player ranked, its first page, and what can still happen). */
  championsLeagueLeaderboard: (ctx: PageContext): Visit =>
    signedInPage(
      'Champions League leaderboard',
      '/leaderboard?view=everyone&season={season}',
      [
        [
          get('/api/leagues', '/api/leagues'),
          get('/api/leagues/gameweeks', '/api/leagues/gameweeks?season={season}'),
          get('/api/leaderboard', '/api/leaderboard?season={season}&page=1'),
          get('/api/leaderboard/outlook', '/api/leaderboard/outlook?season={season}'),
        ],
      ],
      ctx.world.championsLeague.season,
    ),
  /** The table of one of the player's Champions League leagues (some count the score after extra time). */
  championsLeagueTable: (ctx: PageContext): Visit =>
    signedInPage(
      'Champions League league table',
      '/leaderboard?season={season}',
      [
        [get('/api/leagues', '/api/leagues')],
        [
          get('/api/leagues/gameweeks', '/api/leagues/gameweeks?season={season}'),
          get(
            '/api/leagues/:id/table',
            `/api/leagues/${encodeURIComponent(championsLeagueLeagueOf(ctx))}/table?season={season}&page=1&pageSize=50`,
          ),
        ],
      ],
      ctx.world.championsLeague.season,
    ),
  statistics: (ctx: PageContext): Visit =>
    signedInPage(
      'Statistics',
      '/statistics',
      [[get('/api/me/statistics', `/api/me/statistics?season={season}&tz=${tz}`)]],
      ctx.world.currentSeason,
    ),
};

/**
 * A save as the board makes it: the PUT, then the board once more (the server's event about the
 * player's own prediction refreshes it; the card already shows the answer). `n` varies the match
 * and the score, so many players save many different picks.
 */
export function saveVisit(ctx: PageContext, n: number): Visit {
  const open = ctx.world.matchWeek.open;
  const fixture = open[(ctx.player + n) % open.length]!;
  const board = fixture.gameweek === ctx.world.matchWeek.gameweek ? '' : `&gameweek=${fixture.gameweek}`;
  return {
    page: 'Save a prediction',
    waves: [
      [
        {
          label: 'PUT /api/predictions/:id',
          method: 'PUT',
          path: `/api/predictions/${encodeURIComponent(fixture.id)}`,
          body: JSON.stringify({ homeScore: (ctx.player + n) % 5, awayScore: (ctx.player * 3 + n) % 4 }),
        },
      ],
      [
        get(
          '/api/predictions/board',
          `/api/predictions/board?season=${encodeURIComponent(ctx.world.currentSeason)}${board}`,
        ),
      ],
    ],
  };
}

/**
 * A Saturday of a match week (decision 0106): the board most, then saves, league tables, Live
 * Matches and the dashboard. Weights are shares of visits (they add up to a hundred, which the
 * stride below relies on).
 *
 * The players are fans of two competitions, so the mix also opens the Champions League's
 * screens: a matchday on the board, its overall leaderboard and a league's table (the dashboard
 * already spans both). They take a small share, taken from the Premier League's screens in
 * proportion: the Saturday is a Premier League afternoon, no Champions League match is played
 * that day and none takes a prediction (its season is over by the clock), so a fan opens those
 * screens to look back or compare, far less often than the board of the matches being played.
 * The matchday and the league table get more of it than the leaderboard because a fan follows
 * their own matches and their own league first.
 */
export const MATCH_WEEK_MIX: ReadonlyArray<{ weight: number; visit: (ctx: PageContext, n: number) => Visit }> = [
  { weight: 32, visit: (ctx) => PAGES.board(ctx) },
  { weight: 23, visit: saveVisit },
  { weight: 14, visit: (ctx) => PAGES.leagueTable(ctx) },
  { weight: 14, visit: (ctx) => PAGES.matches(ctx) },
  { weight: 9, visit: (ctx) => PAGES.dashboard(ctx) },
  { weight: 3, visit: (ctx, n) => PAGES.championsLeagueMatchday(ctx, n) },
  { weight: 2, visit: (ctx) => PAGES.championsLeagueLeaderboard(ctx) },
  { weight: 3, visit: (ctx) => PAGES.championsLeagueTable(ctx) },
];

/** The mix's visit number `n` (deterministic: the same sequence in every run). */
export function mixVisit(ctx: PageContext, n: number): Visit {
  const total = MATCH_WEEK_MIX.reduce((s, m) => s + m.weight, 0);
  // A stride coprime with 100 spreads each kind over the sequence instead of in blocks.
  let at = (n * 37) % total;
  for (const m of MATCH_WEEK_MIX) {
    if (at < m.weight) return m.visit(ctx, n);
    at -= m.weight;
  }
  return MATCH_WEEK_MIX[0]!.visit(ctx, n);
}
