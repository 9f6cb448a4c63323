/**
 * Values that can never change: plain objects and arrays frozen all the way down. What the read
 * model keeps and shows as it is (a table's presented rows, a fixture as presented) is frozen when
 * it is kept, so a reader can rely on it staying as it was: the response serializer writes such a
 * value's text once (plugins/response-serializer.ts, decision 0114), and a mutation throws instead
 * of leaving that text stale.
 */

/** Objects and arrays proven frozen all the way down (a frozen value stays frozen: proven once). */
const proven = new WeakSet<object>();

/** A plain object or an array: its own data properties are all there is to it. */
function isPlain(value: object): boolean {
  if (Array.isArray(value)) return true;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/**
 * Freezes `value` and everything it holds, and returns it. Only plain objects, arrays and
 * primitives can be kept this way: a Date, Map or Set keeps changeable state that freezing does
 * not reach, so it is refused rather than kept half frozen.
 */
export function freezeKept<T>(value: T): T {
  if (typeof value !== 'object' || value === null || proven.has(value)) return value;
  if (!isPlain(value)) throw new TypeError('Only plain objects and arrays can be kept frozen.');
  for (const key of Object.keys(value)) freezeKept((value as Record<string, unknown>)[key]);
  Object.freeze(value);
  proven.add(value);
  return value;
}

/**
 * Whether `value` is a plain object or array frozen all the way down, with no accessors (a getter
 * could answer differently each time). Proven once per object.
 */
export function isDeepFrozen(value: object): boolean {
  if (proven.has(value)) return true;
  if (!Object.isFrozen(value) || !isPlain(value)) return false;
  const descriptors = Object.getOwnPropertyDescriptors(value);
  for (const key of Object.keys(descriptors)) {
    const d = descriptors[key]!;
    if (!('value' in d)) return false;
    const v: unknown = d.value;
    if (typeof v === 'object' && v !== null && !isDeepFrozen(v)) return false;
    if (typeof v === 'function') return false;
  }
  proven.add(value);
  return true;
}
