import { AsyncLocalStorage, executionAsyncResource } from 'node:async_hooks';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.js';
import { accountClient, cookieOf, PASSWORD } from '../test/accounts.js';
import { betterAuthStorages, withAsyncContexts } from './async-contexts.js';

/**
 * Whether async hooks are tracking every promise of the process: an enabled AsyncLocalStorage
 * (Node 20) makes the resource a promise's continuation runs in the promise itself. This is the
 * cost async-contexts.ts removes, observed as behaviour rather than through Node's internals.
 */
async function promisesTracked(): Promise<boolean> {
  await null;
  return executionAsyncResource() instanceof Promise;
}

describe('Better Auth calls leave no AsyncLocalStorage switched on (issue 15)', () => {
  let t: TestApp;
  let testNo = 0;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(async () => {
    await t.close();
  });

  test('after sign-up, verification, sign-in, sign-out and concurrent calls, promises are no longer tracked', async () => {
    const ip = `10.9.${++testNo}.1`;
    const client = accountClient(t, ip);
    const { res, cookie: claim } = await client.signUp({ email: 'quiet@example.com' });
    expect(res.statusCode).toBe(200);
    expect((await client.verify('quiet@example.com', claim)).statusCode).toBeLessThan(400);
    const signIn = await client.post('/api/auth/sign-in/email', { email: 'quiet@example.com', password: PASSWORD });
    expect(signIn.statusCode).toBe(200);
    const cookie = cookieOf(signIn);
    // Several calls at once: the instances stay on until the last one has answered, and every call still works.
    const answers = await Promise.all([
      client.get('/api/auth/get-session', cookie),
      client.get('/api/auth/get-session', cookie),
      client.post('/api/auth/sign-in/email', { email: 'quiet@example.com', password: PASSWORD }),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    expect((answers[0]!.json() as { user: { email: string } }).user.email).toBe('quiet@example.com');
    // Better Auth did use its instances (so the check below is not vacuous)...
    expect(betterAuthStorages().length).toBeGreaterThan(0);
    // ...and the sign-out still reaches the session cache through the session cache's own instance.
    expect((await client.post('/api/auth/sign-out', {}, cookie)).statusCode).toBe(200);
    expect((await client.me(cookie)).statusCode).toBe(401);
    expect(await promisesTracked()).toBe(false);
  });

  test('no background task handler is configured: nothing of a Better Auth call outlives it', () => {
    expect(Object.keys(t.app.deps.auth.options.advanced ?? {})).not.toContain('backgroundTasks');
  });
});

describe('withAsyncContexts', () => {
  test('an instance keeps its store for a call still running when another ends, and goes off after the last', async () => {
    const storage = new AsyncLocalStorage<string>();
    let releaseSlow!: () => void;
    const slowMayEnd = new Promise<void>((resolve) => (releaseSlow = resolve));
    const slow = withAsyncContexts(
      () =>
        storage.run('slow', async () => {
          await slowMayEnd;
          await null;
          return storage.getStore();
        }),
      [storage as AsyncLocalStorage<unknown>],
    );
    const quick = await withAsyncContexts(() => storage.run('quick', async () => storage.getStore()), [storage as AsyncLocalStorage<unknown>]);
    expect(quick).toBe('quick');
    // The quick call has ended while the slow one runs: its store must survive.
    expect(await promisesTracked()).toBe(true);
    releaseSlow();
    expect(await slow).toBe('slow');
    expect(await promisesTracked()).toBe(false);
    // Used again, it works again.
    expect(await withAsyncContexts(() => storage.run('again', async () => storage.getStore()), [storage as AsyncLocalStorage<unknown>])).toBe('again');
    expect(await promisesTracked()).toBe(false);
  });

  test('a call that fails still lets the instances go off', async () => {
    const storage = new AsyncLocalStorage<string>();
    await expect(
      withAsyncContexts(
        () =>
          storage.run('failing', async () => {
            await null;
            throw new Error('refused');
          }),
        [storage as AsyncLocalStorage<unknown>],
      ),
    ).rejects.toThrow('refused');
    expect(await promisesTracked()).toBe(false);
  });
});
