import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import {
  hasZodFastifySchemaValidationErrors,
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import { createClock, type Clock } from './clock.js';
import { openDatabase, type DatabaseHandle } from './db/index.js';
import { migrateToLatest } from './db/migrate.js';
import { createMailer, type Mailer } from './mail/mailer.js';
import { createLocalBus, createPostgresBus, type EventBus } from './realtime/bus.js';
import { createAuth, type Auth } from './auth/auth.js';
import { applyAdminEmails } from './auth/admin-role.js';
import { authRoutes } from './auth/routes.js';
import { sessionUserResolver, type SessionUser } from './auth/session.js';
import { HttpError } from './errors.js';
import { sseRoutes } from './realtime/sse-routes.js';
import { devOutboxRoutes } from './mail/dev-outbox-routes.js';
import { registerFeatures, startFeatureServices } from './features/index.js';
import type { SecurityLimits } from './security/limits.js';
import { registerSecurity, secureServerOptions, securityContext } from './security/index.js';

export interface Deps {
  config: Config;
  clock: Clock;
  handle: DatabaseHandle;
  db: DatabaseHandle['db'];
  mailer: Mailer;
  bus: EventBus;
  auth: Auth;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: Deps;
    sessionUser(req: FastifyRequest): Promise<SessionUser | null>;
    /** Requests received and completed (the shutdown log proves in-flight work finished). */
    requestCounts: { received: number; completed: number };
    /** Every route registered (method and URL), for the authorization matrix test. */
    routeList: Array<{ method: string; url: string }>;
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
}


/** Builds the whole app without listening, so tests can drive it with `inject`. */
export async function buildApp(opts: BuildOptions): Promise<FastifyInstance> {
  const { config } = opts;
  const security = securityContext(opts.security);
  const app = Fastify({
    ...secureServerOptions(config, security, opts.logger ?? { level: config.LOG_LEVEL }),
    // During a graceful shutdown requests already on their way are served, not answered 503.
    return503OnClosing: false,
    bodyLimit: 2 * 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();
  const requestCounts = { received: 0, completed: 0 };
  app.decorate('requestCounts', requestCounts);
  app.addHook('onRequest', async () => {
    requestCounts.received++;
  });
  app.addHook('onResponse', async () => {
    requestCounts.completed++;
  });
  const routeList: Array<{ method: string; url: string }> = [];
  app.decorate('routeList', routeList);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) if (method !== 'HEAD') routeList.push({ method, url: route.url });
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const clock = opts.clock ?? createClock(config.SCORELINE_NOW);
  const handle = opts.handle ?? openDatabase(config.DATABASE_URL);
  if (!opts.handle) await migrateToLatest(handle);
  const mailer = createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, db: handle.db, clock, log: app.log });
  const bus = handle.dialect === 'postgres' ? await createPostgresBus(handle.url, app.log) : createLocalBus();
  const auth = createAuth({ config, handle, mailer, clock, log: app.log });
  app.decorate('deps', { config, clock, handle, db: handle.db, mailer, bus, auth });
  app.decorate('sessionUser', sessionUserResolver(app));

  await applyAdminEmails(handle.db, config, app.log);
  if (config.SCORELINE_NOW) app.log.info(`Clock starts at ${config.SCORELINE_NOW} (SCORELINE_NOW)`);

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Toast and chart libraries inject <style> elements; scripts stay strictly same-origin.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: config.secureCookies ? [] : null,
      },
    },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: config.secureCookies,
  });
  await app.register(rateLimit, { global: false });
  registerSecurity(app, config, security);
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Scoreline API', version: '1.0.0', description: 'Premier League score predictions.' },
      components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'better-auth.session_token' } } },
    },
    transform: jsonSchemaTransform,
  });

  app.setErrorHandler((err, req, reply) => {
    if (hasZodFastifySchemaValidationErrors(err)) {
      const first = err.validation[0];
      const field = first?.instancePath?.replace(/^\//, '').replace(/\//g, '.') || undefined;
      return reply.status(400).send({ error: { code: 'validation_error', message: first?.message ?? 'Invalid input.', field } });
    }
    if (err instanceof HttpError) {
      return reply.status(err.statusCode).send({ error: { code: err.code, message: err.message, ...(err.details ? { details: err.details } : {}) } });
    }
    const status = (err as { statusCode?: number }).statusCode ?? 500;
    if (status === 429) {
      return reply.status(429).send({ error: { code: 'rate_limited', message: (err as Error).message || 'Too many requests. Please try again later.' } });
    }
    if (status >= 400 && status < 500) {
      const message = status === 415 ? 'Send JSON with a content-type of application/json.' : status === 413 ? 'The request is too large.' : 'The request could not be read.';
      return reply.status(status).send({ error: { code: 'bad_request', message } });
    }
    req.log.error({ err }, 'Unhandled error');
    return reply.status(500).send({ error: { code: 'internal', message: 'Something went wrong on our side. Please try again.' } });
  });

  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  await app.register(authRoutes);
  await app.register(sseRoutes);
  if (!config.isProduction) await app.register(devOutboxRoutes);
  await registerFeatures(app);

  const WEB_DIR = path.resolve(process.env.SCORELINE_WEB_DIR ?? 'dist/web');
  const hasWeb = fs.existsSync(path.join(WEB_DIR, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: WEB_DIR,
      wildcard: false,
      index: false,
      // Build-time .br/.gz files (scripts/compress-assets.mjs) go out when the browser accepts them.
      preCompressed: true,
      setHeaders(res, filePath) {
        // Hashed assets never change; index.html must always be revalidated.
        res.header('cache-control', filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  if (hasWeb) {
    // A direct visit to / gets the pre-rendered light landing page (falls back to the app shell).
    const landing = fs.existsSync(path.join(WEB_DIR, 'landing.html')) ? 'landing.html' : 'index.html';
    app.get('/', { schema: { hide: true } }, (_req, reply) => reply.header('cache-control', 'no-cache').type('text/html').sendFile(landing));
  }
  app.setNotFoundHandler((req, reply) => {
    if (req.url.startsWith('/api/') || req.url.startsWith('/dev/') || req.method !== 'GET' || !hasWeb) {
      return reply.status(404).send({ error: { code: 'not_found', message: 'Not found.' } });
    }
    // Client-side routes: the web app decides what to show.
    return reply.header('cache-control', 'no-cache').type('text/html').sendFile('index.html');
  });

  const stopServices = opts.services ? await startFeatureServices(app) : async () => {};
  app.addHook('onClose', async () => {
    await stopServices();
    await bus.close();
    mailer.close();
    if (!opts.handle) await handle.close();
  });
  return app;
}
