import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.js';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { healthDto } from '../../contract/system.js';
import { errorHandler } from './error-handler.js';
import { routeRegistry } from './route-registry.js';

/**
 * The contract of every route is declared where the route is (lint checks the source, see
 * eslint/route-contract.js); these check the running app: what lint cannot see through.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('route contract', () => {
  it('every API route declares a response schema for its success', () => {
    const api = t.app.routeList.filter((r) => r.url.startsWith('/api/') || r.url.startsWith('/dev/'));
    const missing = api
      .filter((r) => !r.responses.some((code) => code.startsWith('2') || code === 'default'))
      .map((r) => `${r.method} ${r.url}`);
    expect(missing).toEqual([]);
  });

  it('OpenAPI documents the response of every route it lists, and which need a session', async () => {
    const doc = (await t.request({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, { responses?: Record<string, unknown>; security?: unknown[] }>>;
    };
    const operations = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops).map(([method, op]) => ({ route: `${method.toUpperCase()} ${path}`, op })),
    );
    expect(operations.length).toBeGreaterThan(50);
    for (const { route, op } of operations) expect(Object.keys(op.responses ?? {}), route).not.toEqual([]);
    const secured = operations.filter(({ op }) => op.security?.length).map(({ route }) => route);
    expect(secured).toContain('GET /api/me');
    expect(secured).toContain('PUT /api/admin/results/{fixtureId}');
    expect(secured).not.toContain('GET /api/fixtures');
  });

  it('refuses to start with an API route that does not say who may call it', async () => {
    const app = Fastify({ logger: false });
    await app.register(routeRegistry);
    expect(() => app.get('/api/forgotten', async () => ({}))).toThrow(/must declare config\.auth/);
    expect(() => app.get('/api/declared', { config: { auth: 'user' } }, async () => ({}))).not.toThrow();
    await app.close();
  });

  it('sends only what the response schema names, and a 500 (never the wrong shape) when a handler breaks it', async () => {
    const app = Fastify({ logger: false });
    app.setSerializerCompiler(serializerCompiler);
    await app.register(errorHandler);
    const leaky = { status: 'ok', database: 'sqlite', time: 'now', passwordHash: 'secret' };
    app.get('/leaky', { schema: { response: { 200: healthDto } } }, async () => leaky);
    app.get('/broken', { schema: { response: { 200: healthDto } } }, async () => ({ status: 'maybe' }));
    const leakyRes = await app.inject({ method: 'GET', url: '/leaky' });
    expect(leakyRes.json()).toEqual({ status: 'ok', database: 'sqlite', time: 'now' });
    const broken = await app.inject({ method: 'GET', url: '/broken' });
    expect(broken.statusCode).toBe(500);
    expect(broken.json().error.code).toBe('internal');
    await app.close();
  });
});
