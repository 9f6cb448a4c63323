/**
 * The server's defensive limits in one place. Tests may shrink the ones that need
 * waiting (timeouts, idle streams) through `buildApp({ security: { limits } })`.
 */
export interface SecurityLimits {
  /** The whole request (headers and body) must arrive within this of its first byte; then 408. */
  requestTimeoutMs: number;
  /**
   * The request headers must be complete within this of the connection opening (a kept-alive
   * connection's later requests: of their first byte); then 408. No more than requestTimeoutMs.
   */
  headersTimeoutMs: number;
  /** A connection with no traffic either way is closed after this (SSE heartbeats keep streams alive). */
  connectionTimeoutMs: number;
  /** How often Node checks the two timeouts above; Node is given each less one interval, so each holds as stated. */
  connectionsCheckingIntervalMs: number;
  /** Open live-update streams in total; the shares below keep a flood from some clients from taking them all (stream-caps.ts). */
  sseMaxTotal: number;
  /** Streams only verified players may use: visitors stop at sseMaxTotal minus this. */
  sseReservedForPlayers: number;
  /** A visitor's streams per client address (IPv6: per /64), and per network (IPv4 /24, IPv6 /48). */
  sseMaxPerAddress: number;
  sseMaxPerNetwork: number;
  /** A verified player's streams (whatever the address), and verified players' streams per network. */
  sseMaxPerPlayer: number;
  sseMaxPlayersPerNetwork: number;
  /** A stream that carried no event for this long is ended; the browser reconnects by itself. */
  sseIdleMs: number;
  /** Bytes the league-table cache may hold. */
  tableCacheBytes: number;
  /** Bytes the failed sign-in records may hold. */
  loginThrottleBytes: number;
  /** How long reading one season file (an upload or a feed) may take on its worker thread. */
  seasonFileParseMs: number;
  /** Failed sign-ins to one account, from all addresses together, before its own waits begin (decision 0050). */
  signInAccountFreeFailures: number;
}

export const DEFAULT_LIMITS: SecurityLimits = {
  requestTimeoutMs: 30_000,
  headersTimeoutMs: 15_000,
  connectionTimeoutMs: 120_000,
  connectionsCheckingIntervalMs: 1_000,
  sseMaxTotal: 5_000,
  sseReservedForPlayers: 1_000,
  sseMaxPerAddress: 20,
  sseMaxPerNetwork: 200,
  sseMaxPerPlayer: 10,
  sseMaxPlayersPerNetwork: 500,
  sseIdleMs: 30 * 60_000,
  tableCacheBytes: 64 * 1024 * 1024,
  loginThrottleBytes: 8 * 1024 * 1024,
  seasonFileParseMs: 10_000,
  signInAccountFreeFailures: 10,
};

/** Leagues one player may have created (existing ones count), and leagues one player may be in. */
export const LEAGUES_CREATED_MAX = 50;
export const MEMBERSHIPS_MAX = 200;

/** Application routes limited per player or per client address (`windowMs` rolling from the first request). */
export const ROUTE_LIMITS = {
  joinByCodePerUser: { max: 10, windowMs: 60_000 },
  joinByCodePerAddress: { max: 30, windowMs: 60_000 },
  /** By the day too, so that codes cannot be guessed at the per-minute rate around the clock (31^8 codes). */
  joinByCodePerUserDaily: { max: 100, windowMs: 24 * 60 * 60_000 },
  joinByCodePerAddressDaily: { max: 200, windowMs: 24 * 60 * 60_000 },
  /**
   * An invite link's preview needs no account, so it is counted per address only: enough for a
   * household or an office opening links, while a guesser gets at most 200 of 31^8 codes a day
   * (decision record 0046).
   */
  invitePreviewPerAddress: { max: 20, windowMs: 60_000 },
  invitePreviewPerAddressDaily: { max: 200, windowMs: 24 * 60 * 60_000 },
  createLeague: { max: 10, windowMs: 10 * 60_000 },
  /** A league's scoring changes: each one empties every league table cache (its event), so a creator cannot churn them. */
  leagueScoringPerUser: { max: 10, windowMs: 10 * 60_000 },
  contactPerAddress: { max: 10, windowMs: 10 * 60_000 },
  /**
   * The contact form is open to visitors (someone locked out of their account must reach us):
   * per address, a visitor sends as many messages as a player may, and at most 20 a day.
   */
  contactVisitorPerAddress: { max: 5, windowMs: 10 * 60_000 },
  contactVisitorPerAddressDaily: { max: 20, windowMs: 24 * 60 * 60_000 },
  calendarRegenerate: { max: 10, windowMs: 60 * 60_000 },
  /** An admin's season-file previews, imports and re-imports (each parses up to 1 MB). */
  seasonFilePerUser: { max: 30, windowMs: 60_000 },
  /** An admin's "Sync now" (each makes an outgoing request). */
  feedSyncPerUser: { max: 10, windowMs: 60_000 },
  /**
   * Writes that reach other players' screens (their live streams and the tables kept for them):
   * each player's own pace, so one player's churn cannot make every reader pay (decision 0101).
   */
  leagueRenamePerUser: { max: 10, windowMs: 10 * 60_000 },
  leagueCodePerUser: { max: 10, windowMs: 10 * 60_000 },
  teamNamePerUser: { max: 10, windowMs: 10 * 60_000 },
  /** Joining a public league and leaving one (joining by code has its own limits above). */
  membershipPerUser: { max: 30, windowMs: 10 * 60_000 },
  /** A creator removing members or letting removed players back in. */
  leagueMembersPerUser: { max: 60, windowMs: 10 * 60_000 },
  /** Adding, changing and deleting bonus questions (room to set up a season's 50 at once). */
  bonusQuestionsPerUser: { max: 60, windowMs: 10 * 60_000 },
  /** Subscribing devices to push and changing push preferences (each subscription is a row we later send to). */
  pushPerUser: { max: 30, windowMs: 10 * 60_000 },
  /** Settling bonus questions and taking settlements back. */
  bonusSettlementPerUser: { max: 30, windowMs: 10 * 60_000 },
  /** Deleting one's account: each attempt checks a password (guessing it must stay slow). */
  accountDeletePerUser: { max: 5, windowMs: 15 * 60_000 },
  accountDeletePerAddress: { max: 20, windowMs: 15 * 60_000 },
  /** Downloading one's data (each reads every prediction the player made). */
  accountExportPerUser: { max: 10, windowMs: 10 * 60_000 },
  /** Confirming an address, previewing it, or "this wasn't me" from a mailed link (a confirmation hashes a password). */
  registrationLinkPerAddress: { max: 10, windowMs: 60_000 },
  /** An invite link's page with its league in the Open Graph tags, and its picture: as the invite preview (decision 0112). */
  invitePagePerAddress: { max: 20, windowMs: 60_000 },
  invitePagePerAddressDaily: { max: 200, windowMs: 24 * 60 * 60_000 },
  inviteImagePerAddress: { max: 20, windowMs: 60_000 },
  inviteImagePerAddressDaily: { max: 200, windowMs: 24 * 60 * 60_000 },
  /** A member's shareable cards (a league table, a gameweek summary): each drawing is CPU work. */
  shareCardPerUser: { max: 20, windowMs: 10 * 60_000 },
} as const;

/** Bytes of drawn share pictures kept in memory, and pictures drawn at once before the next is told to come back (decision 0112). */
export const SHARE_IMAGE_CACHE_BYTES = 32 * 1024 * 1024;
export const SHARE_IMAGE_RENDERS_AT_ONCE = 2;

/** Nesting of a JSON body beyond this is refused before it is parsed. */
export const JSON_MAX_DEPTH = 64;

/** "a minute", "4 minutes", "30 seconds", "2 hours": the true wait, as a person would say it. */
export function formatWait(seconds: number): string {
  const s = Math.max(1, Math.ceil(seconds));
  if (s < 60) return s === 1 ? '1 second' : `${s} seconds`;
  const minutes = Math.ceil(s / 60);
  if (minutes === 1) return 'a minute';
  if (minutes < 60) return `${minutes} minutes`;
  const hours = Math.ceil(minutes / 60);
  return hours === 1 ? 'an hour' : `${hours} hours`;
}

export const tooManyAttempts = (seconds: number) =>
  `Too many attempts. Please wait ${formatWait(seconds)} and try again.`;
