import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { checkReferences, findHiddenReferences } from './check-references.js';

// The planted references are built from pieces so that this file itself stays clean.
const ISSUE = ['Iss', 'ue 12'].join('');
const POINT = ['DESIGN', '.md point 16'].join('');
const NOTE = ['DESIGN', '.md'].join('');
const SECTION = ['spec ', '\u00a7', '4.2'].join('');

describe('what a reader of the repo cannot follow', () => {
  test('an issue number, a design-note point, the design note, a spec section: each is a hit', () => {
    for (const planted of [
      `// Kept for ${ISSUE}.`,
      `/** The rule (${POINT}). */`,
      `See ${NOTE} for why.`,
      `| a row (${SECTION}) |`,
    ]) {
      expect(findHiddenReferences(`const a = 1;\n${planted}\n`), planted).toEqual([
        expect.objectContaining({ line: 2 }),
      ]);
    }
  });

  test('ordinary words are not: an issue without a number, a section of our own docs, a decision record', () => {
    const clean = [
      '// One issue at a time, in the form’s order.',
      '// See docs/season.md, "What players see".',
      '// Decision record 0041.',
      "// The spec's text for users.",
    ].join('\n');
    expect(findHiddenReferences(clean)).toEqual([]);
  });
});

describe('npm run lint', () => {
  let dir: string | undefined;
  afterEach(() => {
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
    dir = undefined;
  });

  function repo(files: Record<string, string>): string {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'scoreline-refs-'));
    for (const [name, text] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
      fs.writeFileSync(path.join(dir, name), text);
    }
    execFileSync('git', ['init', '-q'], { cwd: dir });
    return dir;
  }

  const script = path.resolve('scripts/check-references.ts');
  const tsx = path.resolve('node_modules/.bin/tsx');

  test('fails on a reference planted in a comment, naming the file and line, and passes once it is gone', () => {
    const root = repo({
      'src/game/rule.ts': `export const A = 1;\n// Two hours (${ISSUE}).\n`,
      'docs/rule.md': '# A rule\n',
    });
    const run = spawnSync(tsx, [script, root], { encoding: 'utf8' });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('src/game/rule.ts:2:');
    fs.writeFileSync(path.join(root, 'src/game/rule.ts'), 'export const A = 1;\n// Two hours before kick-off.\n');
    expect(spawnSync(tsx, [script, root], { encoding: 'utf8' }).status).toBe(0);
  });

  test('this repository has none', () => {
    expect(checkReferences(path.resolve('.')).lines).toEqual([]);
  });
});
