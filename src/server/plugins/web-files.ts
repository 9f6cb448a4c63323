import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/**
 * The built web app (SCORELINE_WEB_DIR, default dist/web) and the not-found answer: JSON for API
 * paths, the app shell for client-side routes. Without a build only the API is served.
 *
 * The build is a few megabytes that never change while the process runs, so it is read once at
 * start-up and every file is answered from memory with headers worked out once (decision 0104):
 * a file served from disk cost a stat, an open and a stream per request, several times a bare
 * route's work, and every page of the app starts with its document. Build-time .br and .gz files
 * (scripts/compress-assets.mjs) go out when the browser accepts them; an ETag per encoding
 * answers a revalidation with 304. Only files found under the build folder at start-up exist:
 * no request path ever reaches the file system.
 */
interface Variant {
  body: Buffer;
  etag: string;
  encoding?: 'br' | 'gzip';
}
interface WebFile {
  type: string;
  cacheControl: string;
  /** Best first: Brotli, gzip, then the file itself. */
  variants: Variant[];
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml',
};

const etagOf = (body: Buffer, suffix: string) =>
  `"${crypto.createHash('sha256').update(body).digest('base64url').slice(0, 27)}${suffix}"`;

/** Every file of the build by its URL path (dot folders such as Vite's manifest left out), with its compressed forms. */
export function readWebBuild(webDir: string): Map<string, WebFile> {
  const files = new Map<string, WebFile>();
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (entry.name.startsWith('.')) continue;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        walk(full);
        continue;
      }
      if (!entry.isFile() || /\.(br|gz)$/.test(entry.name)) continue;
      const body = fs.readFileSync(full);
      const variants: Variant[] = [];
      for (const [suffix, encoding] of [
        ['.br', 'br'],
        ['.gz', 'gzip'],
      ] as const) {
        if (fs.existsSync(full + suffix)) {
          const compressed = fs.readFileSync(full + suffix);
          variants.push({ body: compressed, etag: etagOf(body, `-${encoding}`), encoding });
        }
      }
      variants.push({ body, etag: etagOf(body, '') });
      const urlPath = `/${path.relative(webDir, full).split(path.sep).join('/')}`;
      files.set(urlPath, {
        type: TYPES[path.extname(entry.name).toLowerCase()] ?? 'application/octet-stream',
        // Hashed assets never change; everything else (the documents) must always be revalidated.
        cacheControl: urlPath.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
        variants,
      });
    }
  };
  walk(webDir);
  return files;
}

/** Whether the request's Accept-Encoding takes `coding` (a q of 0 refuses it; `*` stands for any coding not named). */
export function accepts(header: string | undefined, coding: string): boolean {
  if (!header) return false;
  let star: boolean | undefined;
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const ok = q === undefined || Number(q.slice(2)) > 0;
    if (name === coding) return ok;
    if (name === '*') star = ok;
  }
  return star ?? false;
}

function send(req: FastifyRequest, reply: FastifyReply, file: WebFile) {
  const header = req.headers['accept-encoding'];
  const variant = file.variants.find((v) => v.encoding === undefined || accepts(header, v.encoding))!;
  reply.header('content-type', file.type).header('cache-control', file.cacheControl).header('etag', variant.etag);
  if (file.variants.length > 1) reply.header('vary', 'Accept-Encoding');
  if (variant.encoding) reply.header('content-encoding', variant.encoding);
  const match = req.headers['if-none-match'];
  if (match !== undefined && match.split(',').some((t) => t.trim().replace(/^W\//, '') === variant.etag))
    return reply.code(304).send();
  return reply.send(variant.body);
}

export const webFiles = fp(
  async (app) => {
    const webDir = path.resolve(process.env.SCORELINE_WEB_DIR ?? 'dist/web');
    const files = fs.existsSync(path.join(webDir, 'index.html')) ? readWebBuild(webDir) : null;
    const shell = files?.get('/index.html');
    if (files && shell) {
      for (const [urlPath, file] of files)
        app.get(urlPath, { schema: { hide: true } }, (req, reply) => send(req, reply, file));
      // A direct visit to / gets the pre-rendered light landing page (falls back to the app shell).
      const landing = files.get('/landing.html') ?? shell;
      app.get('/', { schema: { hide: true } }, (req, reply) => send(req, reply, landing));
    }
    app.setNotFoundHandler((req, reply) => {
      if (req.url.startsWith('/api/') || req.url.startsWith('/dev/') || req.method !== 'GET' || !shell) {
        return reply.status(404).send({ error: { code: 'not_found', message: 'Not found.' } });
      }
      // Client-side routes: the web app decides what to show.
      return send(req, reply, shell);
    });
  },
  { name: 'web-files' },
);
