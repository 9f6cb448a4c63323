import fs from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';

/**
 * The built web app (SCORELINE_WEB_DIR, default dist/web) and the not-found answer: JSON for API
 * paths, the app shell for client-side routes. Without a build only the API is served.
 */
export const webFiles = fp(
  async (app) => {
    const webDir = path.resolve(process.env.SCORELINE_WEB_DIR ?? 'dist/web');
    const hasWeb = fs.existsSync(path.join(webDir, 'index.html'));
    if (hasWeb) {
      await app.register(fastifyStatic, {
        root: webDir,
        wildcard: false,
        index: false,
        // Build-time .br/.gz files (scripts/compress-assets.mjs) go out when the browser accepts them.
        preCompressed: true,
        setHeaders(res, filePath) {
          // Hashed assets never change; index.html must always be revalidated.
          res.header('cache-control', filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
        },
      });
      // A direct visit to / gets the pre-rendered light landing page (falls back to the app shell).
      const landing = fs.existsSync(path.join(webDir, 'landing.html')) ? 'landing.html' : 'index.html';
      app.get('/', { schema: { hide: true } }, (_req, reply) => reply.header('cache-control', 'no-cache').type('text/html').sendFile(landing));
    }
    app.setNotFoundHandler((req, reply) => {
      if (req.url.startsWith('/api/') || req.url.startsWith('/dev/') || req.method !== 'GET' || !hasWeb) {
        return reply.status(404).send({ error: { code: 'not_found', message: 'Not found.' } });
      }
      // Client-side routes: the web app decides what to show.
      return reply.header('cache-control', 'no-cache').type('text/html').sendFile('index.html');
    });
  },
  { name: 'web-files' },
);
