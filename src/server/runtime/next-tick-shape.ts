import { AsyncResource } from 'node:async_hooks';

/**
 * Widens the fields of Node's tick object to "any value" before the server's code runs, so that
 * every `process.nextTick` keeps the fast path for the whole life of the process (decision 0037).
 *
 * Node 20 builds each tick as the literal
 * `{ [async_id_symbol]: id, [trigger_async_id_symbol]: trigger, callback, args }`
 * (internal/process/task_queues.js). V8 keeps a computed-key definition in a literal fast only
 * while it has seen one object shape there: a second shape makes the site megamorphic for good,
 * and every tick then defines its four properties in the runtime. The ids are read from a
 * Float64Array, as heap numbers or small integers depending on what V8 has compiled so far, and a
 * field's first kind of value fixes its representation until another kind changes the shape.
 * Whether that happens after nextTick has recorded its first shape depends on the order of
 * start-up work, so some server processes ran slow for good: 7 of 8 in one comparison, 0.042
 * against 0.037 ms of CPU per cached league table page (medians of 8 processes each, `npx tsx
 * bench/ab.ts`; a page makes about six ticks).
 *
 * An object literal with the same keys in the same order, defined here first with strings in every
 * field, takes the shared shape to its most general representation before nextTick records
 * anything, so no later value can change it. The object is kept, so that shape stays.
 * Where Node keeps the ids under other symbols (another Node line), it does nothing.
 */
const widened: object[] = [];

/** The symbols Node keeps a resource's async ids under (the tick object's first two keys), or null. */
export function asyncIdSymbols(): { asyncId: symbol; triggerAsyncId: symbol } | null {
  const symbols = Object.getOwnPropertySymbols(new AsyncResource('scoreline.start'));
  const asyncId = symbols.find((s) => s.description === 'async_id_symbol');
  const triggerAsyncId = symbols.find((s) => s.description === 'trigger_async_id_symbol');
  return asyncId && triggerAsyncId ? { asyncId, triggerAsyncId } : null;
}

/** Widens the shape (see above); returns the object that holds it, or null where Node builds ticks otherwise. */
export function widenNextTickShape(): object | null {
  const symbols = asyncIdSymbols();
  if (!symbols) return null;
  const { asyncId, triggerAsyncId } = symbols;
  // Same keys in the same order as Node's literal; a string in every field makes each hold anything.
  const shape = { [asyncId]: '', [triggerAsyncId]: '', callback: '', args: '' };
  widened.push(shape);
  return shape;
}
