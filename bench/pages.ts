import type { World } from './generate.js';
import type { PageRequest, Visit } from './loader.js';

/**
 * What each screen of the web app requests when a player opens it, in the order it asks: read
 * from src/web (routes, features' api.ts, the layouts and the session hook) and checked by
 * recording a headless Chromium's requests on each screen of the match-week world. A page is a
 * fresh visit: the document (the app shell), then the session (Better Auth's get-session, then
 * /api/me), with the seasons and clubs every player screen fetches at once, then the screen's
 * own requests as its components mount. Hashed assets are cached by the browser for good (the
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
      [get('document (app shell)', documentPath)],
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
 * Matches and the dashboard. Weights are shares of visits.
 */
export const MATCH_WEEK_MIX: ReadonlyArray<{ weight: number; visit: (ctx: PageContext, n: number) => Visit }> = [
  { weight: 35, visit: (ctx) => PAGES.board(ctx) },
  { weight: 25, visit: saveVisit },
  { weight: 15, visit: (ctx) => PAGES.leagueTable(ctx) },
  { weight: 15, visit: (ctx) => PAGES.matches(ctx) },
  { weight: 10, visit: (ctx) => PAGES.dashboard(ctx) },
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
