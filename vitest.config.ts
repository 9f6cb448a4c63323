import { defineConfig } from 'vitest/config';

/**
 * Test projects: unit (rules and web logic), api on SQLite and on PostgreSQL (the real app
 * through inject), e2e (headless Chromium against the real server). `npm test` runs them all.
 */
export default defineConfig({
  test: {
    root: '.',
    reporters: ['default'],
    projects: [
      {
        test: {
          name: 'unit',
          sequence: { groupOrder: 0 },
          maxWorkers: 2,
          include: [
            'src/game/**/*.test.ts',
            'src/contract/**/*.test.ts',
            'src/web/**/*.test.{ts,tsx}',
            'scripts/**/*.test.ts',
            'eslint/**/*.test.js',
            'src/server/season-files/**/*.test.ts',
          ],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'api-sqlite',
          sequence: { groupOrder: 0 },
          maxWorkers: 2,
          include: ['src/server/**/*.test.ts'],
          // Season files are parsed without a database: unit tests.
          exclude: ['src/server/season-files/**'],
          env: { TEST_DB: 'sqlite' },
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
        },
      },
      {
        test: {
          name: 'api-postgres',
          sequence: { groupOrder: 1 },
          maxWorkers: 2,
          include: ['src/server/**/*.test.ts'],
          exclude: ['src/server/season-files/**'],
          env: { TEST_DB: 'postgres' },
          globalSetup: ['src/server/test/postgres-global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
        },
      },
      {
        test: {
          name: 'e2e',
          sequence: { groupOrder: 2 },
          include: ['e2e/**/*.e2e.ts'],
          globalSetup: ['e2e/support/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          pool: 'forks',
          fileParallelism: true,
          maxWorkers: 2,
        },
      },
    ],
  },
});
