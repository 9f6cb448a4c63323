import Fastify, { type FastifyInstance, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { responseSerializerCompiler } from './plugins/response-serializer.js';
import type { Config } from './config.js';
import { createClock, type Clock } from './clock.js';
import { openDatabase, type DatabaseHandle } from './db/index.js';
import { migrateToLatest } from './db/migrate.js';
import { startCheckpointer } from './db/checkpointer.js';
import { createMailer, type Mailer } from './mail/mailer.js';
import { createLocalBus, createPostgresBus, type EventBus } from './realtime/bus.js';
import { createAuth, type Auth } from './auth/auth.js';
import { applyAdminEmails } from './auth/admin-role.js';
import { authRoutes } from './auth/routes.js';
import { authGuard } from './auth/guard.js';
import { ASK_DATABASE, sessionUserResolver, type SessionUser } from './auth/session.js';
import { createSessionCache, type SessionCache } from './auth/session-cache.js';
import { createSeasonSpans, type SeasonSpans } from './seasons/spans-cache.js';
import { createReadModel, type ReadModel } from './read-model/index.js';
import { sseRoutes } from './realtime/sse-routes.js';
import { devOutboxRoutes } from './mail/dev-outbox-routes.js';
import { prepareFeatureData, registerFeatures, startFeatureServices } from './features/index.js';
import { routeRegistry } from './plugins/route-registry.js';
import { securityHeaders } from './plugins/security-headers.js';
import { errorHandler } from './plugins/error-handler.js';
import { openapi } from './plugins/openapi.js';
import { webFiles } from './plugins/web-files.js';
import type { SecurityLimits } from './security/limits.js';
import type { PasswordHashing } from './auth/password-hashing.js';
import { registerSecurity, secureServerOptions, securityContext } from './security/index.js';
import { enforceFirstHeadersDeadline } from './security/header-deadline.js';
import { DEFAULT_BODY_LIMIT, registerBodyLimits } from './security/body-limits.js';

export interface Deps {
  config: Config;
  clock: Clock;
  handle: DatabaseHandle;
  db: DatabaseHandle['db'];
  mailer: Mailer;
  bus: EventBus;
  /** What this instance keeps in memory, each value with the tags it depends on (read-model/). */
  readModel: ReadModel;
  /** Verified sessions cached briefly; `invalidate(userId)` after changing a user's row. */
  sessions: SessionCache;
  /** Every season's span, kept until a season or fixture event (seasons/spans-cache.ts); pass to `resolveSeason`. */
  seasons: SeasonSpans;
  auth: Auth;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: Deps;
    sessionUser(req: FastifyRequest): Promise<SessionUser | null>;
    /** The caller when known without a database read (null: nobody signed in), else ASK_DATABASE (auth/session.ts). */
    sessionUserKnown(req: FastifyRequest): SessionUser | null | typeof ASK_DATABASE;
    /** Requests received and completed (the shutdown log proves in-flight work finished). */
    requestCounts: { received: number; completed: number };
  }
}

export interface BuildOptions {
  config: Config;
  /** Defaults to SCORELINE_NOW (or real time). Tests pass a manual clock. */
  clock?: Clock;
  /** Reuse an open database (tests); otherwise DATABASE_URL is opened and migrated. */
  handle?: DatabaseHandle;
  logger?: FastifyServerOptions['logger'];
  /** Start background services (schedulers, retries). Off for most tests. */
  services?: boolean;
  /** Tests shrink timeouts and caps, and drive the sign-in throttle's clock (real time otherwise). */
  security?: { limits?: Partial<SecurityLimits>; now?: () => number };
  /**
   * Password hashing; production's scrypt unless given. Only the API tests pass a cheaper one
   * (decision 0071): there is no setting for it, so no deployment can weaken it.
   */
  passwordHashing?: PasswordHashing;
}

/** Builds the whole app without listening, so tests can drive it with `inject`. */
export async function buildApp(opts: BuildOptions): Promise<FastifyInstance> {
  const { config } = opts;
  const security = securityContext(opts.security);
  const app = Fastify({
    ...secureServerOptions(config, security, opts.logger ?? { level: config.LOG_LEVEL }),
    // During a graceful shutdown requests already on their way are served, not answered 503.
    return503OnClosing: false,
    // Small unless a route needs more (security/body-limits.ts gives each route its own).
    bodyLimit: DEFAULT_BODY_LIMIT,
  }).withTypeProvider<ZodTypeProvider>();
  // Headers that trickle in from a connection's opening are cut off at the limit (security/header-deadline.ts).
  enforceFirstHeadersDeadline(app.server, security.limits.headersTimeoutMs);
  const requestCounts = { received: 0, completed: 0 };
  app.decorate('requestCounts', requestCounts);
  // Callback hooks: an async hook costs a promise per request on every route (decision 0107).
  app.addHook('onRequest', function countRequest(_req, _reply, done) {
    requestCounts.received++;
    done();
  });
  app.addHook('onResponse', function countResponse(_req, _reply, done) {
    requestCounts.completed++;
    done();
  });
  app.setValidatorCompiler(validatorCompiler);
  // Every answer leaves through its response schema; kept, frozen parts are written once (decision 0114).
  app.setSerializerCompiler(responseSerializerCompiler);

  const clock = opts.clock ?? createClock(config.SCORELINE_NOW);
  const handle = opts.handle ?? openDatabase(config.DATABASE_URL);
  if (!opts.handle) await migrateToLatest(handle);
  // The server's own SQLite file: checkpoints run beside the event loop (db/checkpointer.ts).
  const checkpointer =
    !opts.handle && handle.sqlite && handle.url !== ':memory:'
      ? startCheckpointer(handle.sqlite, handle.url, {
          onError: (message) => app.log.warn({ message }, 'SQLite checkpoints are back on the main connection'),
        })
      : null;
  const mailer = createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, db: handle.db, clock, log: app.log });
  const bus = handle.dialect === 'postgres' ? await createPostgresBus(handle.url, app.log) : createLocalBus();
  const readModel = createReadModel({ bus, db: () => handle.db, sqlite: handle.sqlite });
  const sessions = createSessionCache(readModel, bus);
  const auth = createAuth({
    config,
    handle,
    mailer,
    clock,
    log: app.log,
    onUserChanged: (userId) => sessions.changed(userId),
    passwordHashing: opts.passwordHashing,
  });
  const seasons = createSeasonSpans(() => handle.db, readModel);
  app.decorate('deps', { config, clock, handle, db: handle.db, mailer, bus, readModel, auth, sessions, seasons });
  app.decorateRequest('sessionLookup', null);
  const resolver = sessionUserResolver(app, sessions);
  app.decorate('sessionUser', resolver.resolve);
  app.decorate('sessionUserKnown', resolver.known);

  await applyAdminEmails(handle.db, config, app.log);
  await prepareFeatureData(app);
  if (config.SCORELINE_NOW) app.log.info(`Clock starts at ${config.SCORELINE_NOW} (SCORELINE_NOW)`);

  await app.register(routeRegistry);
  await app.register(securityHeaders);
  await app.register(rateLimit, { global: false });
  // Host check, cross-site refusal and the JSON body parser, before any route (security/).
  registerSecurity(app, config, security);
  registerBodyLimits(app);
  await app.register(openapi);
  await app.register(errorHandler);
  await app.register(authGuard);

  await app.register(authRoutes);
  await app.register(sseRoutes);
  if (!config.isProduction) await app.register(devOutboxRoutes);
  await registerFeatures(app);
  await app.register(webFiles);

  const stopServices = opts.services ? await startFeatureServices(app) : async () => {};
  app.addHook('onClose', async () => {
    await stopServices();
    readModel.close();
    await bus.close();
    mailer.close();
    await checkpointer?.stop();
    if (!opts.handle) await handle.close();
  });
  return app;
}
