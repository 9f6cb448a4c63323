import v8 from 'node:v8';
import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { refusalMessage, unsafeStartReasons } from './security/production-checks.js';
import { capConnections, connectionCapsOf, refusalLogger } from './security/connection-caps.js';

// The server's entry point: `node dist/server/main.js` (npm start) and `tsx src/server/main.ts`.
// Starts Scoreline: configuration, migrations, seed, then listen. Exits non-zero on a bad start.

// The heap grows by half its live size between full collections, not by up to four times: every
// cache is bounded by bytes, so this keeps the resident size near what is live (decision 0107).
// V8 reads this flag at each collection, so setting it here holds however the server is started.
const HEAP_GROWING_PERCENT = 50;
v8.setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
let config;
try {
  config = loadConfig(process.env);
} catch (err) {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
}
// A configuration that would expose accounts (outbox in production or on the network, no HTTPS) is refused.
const unsafe = unsafeStartReasons(config);
if (unsafe.length > 0) {
  console.error(refusalMessage(unsafe));
  process.exit(1);
}

let app;
try {
  app = await buildApp({ config, services: true });
  // Connections beyond the caps are closed as they open (security/connection-caps.ts).
  const caps = connectionCapsOf(config);
  const log = app.log;
  capConnections(
    app.server,
    caps,
    refusalLogger((message) => log.warn(message), caps),
  );
  await app.listen({ port: config.PORT, host: config.HOST });
  app.log.info(
    `Scoreline is running at ${config.PUBLIC_URL} (${app.deps.handle.dialect}; mail: ${app.deps.mailer.mode}; Node ${process.version})`,
  );
} catch (err) {
  console.error('Scoreline failed to start:', err instanceof Error ? err.message : err);
  process.exit(1);
}

// SIGTERM/SIGINT: stop accepting connections, let in-flight requests finish, then exit.
let closing = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received; shutting down`);
    const timer = setTimeout(() => process.exit(1), 10_000);
    timer.unref();
    app.close().then(
      () => {
        const { received, completed } = app.requestCounts;
        app.log.info(`Shutdown complete: ${completed} of ${received} requests answered`);
        console.log(`shutdown: received=${received} completed=${completed}`);
        process.exit(0);
      },
      () => process.exit(1),
    );
  });
}
