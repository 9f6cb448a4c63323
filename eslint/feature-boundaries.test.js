import path from 'node:path';
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import featureBoundaries, { declaredCycle } from './feature-boundaries.js';

RuleTester.describe = describe;
RuleTester.it = it;
const tester = new RuleTester({ languageOptions: { parser: tseslint.parser } });
const file = (p) => path.join(process.cwd(), 'src/server', p);
const features = { fixtures: [], leagues: ['fixtures'], summary: ['leagues', 'fixtures'] };
const options = [{ features }];

tester.run('scoreline/feature-boundaries', featureBoundaries, {
  valid: [
    // A declared feature, through its index; its own files; the core; the game and the contract.
    {
      filename: file('features/leagues/routes.ts'),
      options,
      code: "import { fixturesOf } from '../fixtures/index.js';",
    },
    { filename: file('features/leagues/routes.ts'), options, code: "import { x } from './repository.js';" },
    {
      filename: file('features/leagues/routes.ts'),
      options,
      code: "import { db } from '../../db/index.js';\nimport { rank } from '../../../game/ranking.js';",
    },
    {
      filename: file('features/summary/routes.ts'),
      options,
      code: "export { fixturesOf } from '../fixtures/index.js';",
    },
    // The registry knows every feature; the core imports the core; packages are not folders.
    { filename: file('features/index.ts'), options, code: "import { leagueRoutes } from './leagues/routes.js';" },
    {
      filename: file('realtime/bus.ts'),
      options,
      code: "import { x } from '../db/index.js';\nimport fastify from 'fastify';",
    },
  ],
  invalid: [
    {
      filename: file('features/leagues/routes.ts'),
      options,
      code: "import { fixtureRows } from '../fixtures/repository.js';",
      errors: [{ messageId: 'notIndex' }],
    },
    {
      filename: file('features/fixtures/routes.ts'),
      options,
      code: "import { leagueOf } from '../leagues/index.js';",
      errors: [{ messageId: 'undeclared' }],
    },
    {
      filename: file('features/fixtures/routes.ts'),
      options,
      code: "const m = await import('../leagues/index.js');",
      errors: [{ messageId: 'undeclared' }],
    },
    {
      filename: file('seasons/seed.ts'),
      options,
      code: "import { saveFixtures } from '../features/fixtures/index.js';",
      errors: [{ messageId: 'core' }],
    },
    {
      filename: file('features/leagues/routes.ts'),
      options: [{ features: { fixtures: ['leagues'], leagues: ['fixtures'] } }],
      code: "import { x } from './repository.js';",
      errors: [{ messageId: 'cycle' }],
    },
    {
      filename: file('features/brand-new/routes.ts'),
      options,
      code: "import { x } from './repository.js';",
      errors: [{ messageId: 'unknown' }],
    },
  ],
});

describe('declaredCycle', () => {
  it('names the cycle in order, or null without one', () => {
    expect(declaredCycle(features)).toBeNull();
    expect(declaredCycle({ a: ['b'], b: ['c'], c: ['a'] })).toEqual(['a', 'b', 'c', 'a']);
    expect(declaredCycle({ a: ['a'] })).toEqual(['a', 'a']);
  });
});
