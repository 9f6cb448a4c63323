import { execFileSync } from 'node:child_process';
import { createHook } from 'node:async_hooks';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asyncIdSymbols } from './next-tick-shape.js';

/**
 * Decision 0037. V8's own view is read in child processes started with --allow-natives-syntax:
 * `%DebugPrint(process.nextTick)` lists the feedback of the tick literal's four property
 * definitions (MONOMORPHIC: fast; MEGAMORPHIC: every tick through the runtime), and
 * `%HaveSameMap` compares object shapes. With --no-lazy-feedback-allocation nextTick records the
 * first tick's shape at once, which makes the slow outcome certain without the widening instead of
 * one server process in a few: nothing here depends on timing.
 */
let dir: string;
let moduleFile: string;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'scoreline-tick-'));
  moduleFile = path.join(dir, 'next-tick-shape.mjs');
  await build({ entryPoints: [path.resolve('src/server/runtime/next-tick-shape.ts')], outfile: moduleFile, bundle: true, platform: 'node', format: 'esm', logLevel: 'warning' });
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function runChild(name: string, source: string, flags: string[] = []): string {
  const script = path.join(dir, `${name}.mjs`);
  fs.writeFileSync(script, `import { asyncIdSymbols, widenNextTickShape } from ${JSON.stringify(moduleFile)};\n${source}`);
  return execFileSync(process.execPath, ['--allow-natives-syntax', ...flags, script], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
}

/** The feedback states of nextTick's four literal definitions after many ticks, with or without the widening first. */
function literalFeedback(widen: boolean): string[] {
  const out = runChild(
    `feedback-${widen}`,
    `${widen ? "if (!widenNextTickShape()) throw new Error('not widened');" : ''}
const noop = () => {};
for (let i = 0; i < 20000; i++) process.nextTick(noop);
await new Promise((resolve) => setTimeout(resolve, 5));
for (let i = 0; i < 20000; i++) process.nextTick(noop, i);
await new Promise((resolve) => setTimeout(resolve, 5));
%DebugPrint(process.nextTick);`,
    ['--no-lazy-feedback-allocation'],
  );
  return [...out.matchAll(/DefineKeyedOwnPropertyInLiteral (\w+)/g)].map((m) => m[1]!);
}

describe.runIf(process.versions.node.startsWith('20.'))('the tick object literal (Node 20)', () => {
  it('goes megamorphic when nextTick records a shape before the ids settle (the slow outcome this prevents)', () => {
    const states = literalFeedback(false);
    expect(states).toHaveLength(4);
    expect(states).toContain('MEGAMORPHIC');
  });

  it('stays monomorphic in all four definitions once widened first', () => {
    expect(literalFeedback(true)).toEqual(['MONOMORPHIC', 'MONOMORPHIC', 'MONOMORPHIC', 'MONOMORPHIC']);
  });

  it('gives real ticks the widened shape, which no value of any kind changes again', () => {
    const out = runChild(
      'shape',
      `import { executionAsyncResource } from 'node:async_hooks';
const shape = widenNextTickShape();
const { asyncId, triggerAsyncId } = asyncIdSymbols();
const make = (id, trigger, callback, args) => ({ [asyncId]: id, [triggerAsyncId]: trigger, callback, args });
const others = [make(1, 2, () => {}, undefined), make(1.5, 2 ** 40, () => {}, [1]), make('x', null, 3, {})];
process.nextTick(() => {
  const tick = executionAsyncResource();
  console.log(JSON.stringify([%HaveSameMap(shape, tick), ...others.map((o) => %HaveSameMap(shape, o))]));
});`,
    );
    expect(JSON.parse(out)).toEqual([true, true, true, true]);
  });
});

describe('asyncIdSymbols', () => {
  it("finds the very symbols a tick object's ids are kept under", () => {
    let tick: object | undefined;
    const hook = createHook({
      init(_id, type, _trigger, resource) {
        if (type === 'TickObject' && !tick) tick = resource as object;
      },
    }).enable();
    process.nextTick(() => {});
    hook.disable();
    const found = asyncIdSymbols();
    expect(found).not.toBeNull();
    expect(Object.getOwnPropertySymbols(tick)).toEqual([found!.asyncId, found!.triggerAsyncId]);
  });
});

describe('the entry point', () => {
  it('loads nothing before the widening but the runtime module, and the server only after it', () => {
    const source = fs.readFileSync('src/server/main.ts', 'utf8');
    const staticImports = [...source.matchAll(/^import .* from '([^']+)';$/gm)].map((m) => m[1]);
    expect(staticImports).toEqual(['./runtime/next-tick-shape.js']);
    expect(source.indexOf('widenNextTickShape();')).toBeLessThan(source.indexOf("await import('./serve.js')"));
  });
});
