import { ESLint, RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import routeContract from './route-contract.js';

RuleTester.describe = describe;
RuleTester.it = it;
const tester = new RuleTester({ languageOptions: { parser: tseslint.parser } });

tester.run('scoreline/route-contract', routeContract, {
  valid: [
    "app.get('/api/me', { config: { auth: 'user' }, schema: { response: { 200: meReply } } }, handler);",
    "app.route({ method: 'GET', url: '/api/auth/*', config: { auth: 'public' }, schema: { response: { default: x } }, handler });",
    // Not an API route (the landing page) and not a route registration at all.
    "app.get('/', { schema: { hide: true } }, handler);",
    "map.get('key');",
  ],
  invalid: [
    { code: "app.get('/api/me', { schema: { response: { 200: x } } }, handler);", errors: [{ messageId: 'noAuth' }] },
    { code: "app.put('/api/me', { config: { auth: 'user' }, schema: { body: b } }, handler);", errors: [{ messageId: 'noResponse' }] },
    { code: "app.post('/api/x', { config: { auth: 'everyone' }, schema: { response: { 200: x } } }, handler);", errors: [{ messageId: 'badAuth' }] },
    { code: "app.get('/api/x', async () => ({}));", errors: [{ messageId: 'notLiteral' }] },
    { code: "app.get('/dev/mail', options, handler);", errors: [{ messageId: 'notLiteral' }] },
    { code: "app.route({ method: 'GET', url: '/api/x', handler });", errors: [{ messageId: 'noAuth' }, { messageId: 'noResponse' }] },
  ],
});

/** The project's own configuration, on files as they would sit in each folder. */
describe('import boundaries (eslint.config.js)', () => {
  const eslint = new ESLint();
  const problems = async (filePath, code) => (await eslint.lintText(code, { filePath })).flatMap((r) => r.messages.map((m) => m.ruleId));

  it('a web file may not import server code, luxon or sonner', async () => {
    expect(await problems('src/web/features/x/y.ts', "import { presentFixture } from '../../../server/features/fixtures/presenter';\nexport const f = presentFixture;\n")).toContain('no-restricted-imports');
    expect(await problems('src/web/features/x/y.ts', "import { DateTime } from 'luxon';\nexport const d = DateTime;\n")).toContain('no-restricted-imports');
    expect(await problems('src/web/features/x/y.ts', "import { toast } from 'sonner';\nexport const t = toast;\n")).toContain('no-restricted-imports');
    expect(await problems('src/web/features/x/y.ts', "import { fixtureDto } from '../../../contract/fixtures';\nexport const f = fixtureDto;\n")).toEqual([]);
  });

  it('src/game and src/contract do no I/O and import neither server nor web', async () => {
    expect(await problems('src/game/x.ts', "import fs from 'node:fs';\nexport const f = fs;\n")).toContain('no-restricted-imports');
    expect(await problems('src/game/x.ts', "import { db } from '../server/db/index.js';\nexport const d = db;\n")).toContain('no-restricted-imports');
    expect(await problems('src/contract/x.ts', "import { api } from '../web/lib/api';\nexport const a = api;\n")).toContain('no-restricted-imports');
    expect(await problems('src/contract/x.ts', "import { DateTime } from 'luxon';\nexport const d = DateTime;\n")).toContain('no-restricted-imports');
  });

  it('server code may not import web code', async () => {
    expect(await problems('src/server/x.ts', "import { api } from '../web/lib/api';\nexport const a = api;\n")).toContain('no-restricted-imports');
  });
});
