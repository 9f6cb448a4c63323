import v8 from 'node:v8';
import type { FastifyReply } from 'fastify';
import { buildApp } from '../src/server/app.js';
import { loadConfig } from '../src/server/config.js';
import { idParams, tableQuery } from '../src/server/features/leagues/routes.js';
import { writeJsonParts } from '../src/server/features/leagues/write-json-parts.js';

/**
 * The real server (as src/server/main.ts starts it) with three comparison routes beside the
 * league table, for bench/subtract.ts. Each answers the exact bytes of a real table page, kept
 * once, written by the table's own `writeJsonParts`; they differ only in what runs before the write:
 * - /api/bench/kept/:id: nothing of ours (public: no session, no validation);
 * - /api/bench/kept-guarded/:id: the session guard (`config.auth: 'user'`);
 * - /api/bench/kept-validated/:id: the guard and the table's own zod schemas.
 * Never part of the product: only this file registers them.
 */
v8.setFlagsFromString('--heap-growing-percent=50');
const config = loadConfig(process.env);
const app = await buildApp({ config });
const league = process.env.BENCH_LEAGUE!;
let start = Buffer.alloc(0);
let end = Buffer.alloc(0);
const sendKept = (reply: FastifyReply) => writeJsonParts(reply, start, end);
app.get('/api/bench/kept/:id', { config: { auth: 'public' } }, (_req, reply) => sendKept(reply));
app.get('/api/bench/kept-guarded/:id', { config: { auth: 'user' } }, (_req, reply) => sendKept(reply));
app.get('/api/bench/kept-validated/:id', { config: { auth: 'user' }, schema: { params: idParams, querystring: tableQuery } }, (_req, reply) => sendKept(reply));
await app.listen({ port: config.PORT, host: '127.0.0.1' });

// The page's own bytes in the table's two parts: everything up to the viewer's row, and that row with the closing brace.
const page = await fetch(`http://127.0.0.1:${config.PORT}/api/leagues/${league}/table?page=1&pageSize=50`, { headers: { cookie: process.env.BENCH_COOKIE! } });
if (page.status !== 200) throw new Error(`the table answered ${page.status}`);
const text = await page.text();
const cut = text.lastIndexOf('"viewer":') + '"viewer":'.length;
start = Buffer.from(text.slice(0, cut));
end = Buffer.from(text.slice(cut));
process.send?.('ready');
// A clean exit on a signal (so `--cpu-prof` writes its profile when the server is profiled).
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => process.exit(0));
