import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Better Auth keeps each call's state in AsyncLocalStorage (three instances, in its process-wide
 * global), and the session cache keeps one of its own beside it (session-cache.ts `track`). On
 * Node 20 an AsyncLocalStorage that has been used once installs async and promise hooks that stay
 * on for the life of the process, so every promise, tick, timer and socket write of every request
 * pays for them: issue 15 measured 0.107 against 0.088 ms of server CPU per cached league table
 * page, the difference between missing and meeting its budget. Those instances are needed only
 * while a Better Auth call runs, and calls are rare (sign-in, sign-up, password changes), so they
 * are counted here, and when none is running every instance is switched off (`disable()`: Node
 * removes its hooks once no instance is on; the next `run()` switches it on again).
 *
 * This is safe because nothing of a call outlives it: Better Auth awaits its own e-mails and
 * cleanups unless `advanced.backgroundTasks` is configured (auth.ts does not, and
 * async-contexts.test.ts checks it), and an instance is switched off only when no call at all,
 * of any app in the process, is under way.
 */
let running = 0;
/** Instances of our own that a call used (session-cache.ts), switched off with Better Auth's. */
const ours = new Set<AsyncLocalStorage<unknown>>();

/** The AsyncLocalStorage instances Better Auth has created so far (its global, keyed by a registered symbol). */
export function betterAuthStorages(): AsyncLocalStorage<unknown>[] {
  const global = (globalThis as Record<symbol, unknown>)[Symbol.for('better-auth:global')] as { context?: Record<string, unknown> } | undefined;
  return Object.values(global?.context ?? {}).filter((v): v is AsyncLocalStorage<unknown> => v instanceof AsyncLocalStorage);
}

/** Switches every instance off when no Better Auth call is running. */
function quietAsyncContexts(): void {
  if (running > 0) return;
  for (const storage of [...ours, ...betterAuthStorages()]) storage.disable();
  ours.clear();
}

/** Runs a Better Auth call (and `storages` of ours it uses) with the instances on; they go off after the last call ends. */
export async function withAsyncContexts<T>(call: () => Promise<T>, storages: AsyncLocalStorage<unknown>[] = []): Promise<T> {
  running++;
  for (const storage of storages) ours.add(storage);
  try {
    return await call();
  } finally {
    running--;
    quietAsyncContexts();
  }
}
