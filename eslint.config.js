import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import routeContract from './eslint/route-contract.js';
import featureBoundaries from './eslint/feature-boundaries.js';

/** Import boundaries (as Bulletproof React does): each folder names what it must not reach. */
const SERVER = {
  regex: '(^|/)server(/|$)',
  message: 'The web and the shared code never import server code: take shapes from src/contract.',
};
const WEB = { regex: '(^|/)web(/|$)', message: 'Only the web imports web code.' };
const IO = {
  regex:
    '^(node:)?(fs|fs/promises|net|http|https|child_process|dgram|dns|tls|worker_threads)$|^(pg|better-sqlite3|kysely|nodemailer|fastify|@fastify/.*|better-auth.*|ical-generator)$',
  message: 'src/game and src/contract are pure: no I/O and no server libraries (put it in src/server).',
};
const HEAVY = {
  regex: '^(luxon|ical-generator)$|(^|/)game/time(\\.js)?$',
  message: 'Keep luxon and ical-generator out of the web bundle (use Intl, or src/game/dates).',
};
const TOASTS = {
  regex: '^sonner$',
  message: "Show transient messages with notify() from src/web/lib/notify (a form's own message is a <Banner>).",
};

/**
 * Which features each feature may import (through its public index): no cycles (decision 0117).
 * A feature that needs something of one above it moves that thing down into the core instead.
 */
const FEATURE_DEPENDENCIES = {
  account: ['bonus-questions', 'leagues'],
  'admin-overview': ['feed'],
  'bonus-questions': ['leagues'],
  calendar: ['user-settings'],
  contact: [],
  dashboard: ['fixtures', 'gameweeks', 'statistics'],
  feed: [],
  fixtures: ['gameweeks'],
  gameweeks: [],
  health: [],
  honours: ['bonus-questions', 'leagues', 'live-matches'],
  leaderboard: ['leagues'],
  leagues: ['live-matches'],
  'live-matches': ['fixtures', 'predictions'],
  'pick-shares': ['leagues'],
  predictions: ['fixtures', 'gameweeks'],
  profile: [],
  'public-figures': [],
  push: ['reminders', 'user-settings'],
  reminders: ['user-settings'],
  results: ['fixtures', 'gameweeks'],
  seasons: ['feed'],
  'share-images': ['leagues', 'summary'],
  statistics: ['leagues'],
  summary: ['leagues', 'predictions'],
  'user-settings': [],
};

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'data/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { scoreline: { rules: { 'route-contract': routeContract, 'feature-boundaries': featureBoundaries } } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  {
    files: ['src/server/**/*.ts'],
    ignores: ['**/*.test.ts', 'src/server/test/**'],
    rules: {
      'scoreline/route-contract': 'error',
      'scoreline/feature-boundaries': ['error', { features: FEATURE_DEPENDENCIES }],
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      'no-restricted-imports': ['error', { patterns: [SERVER, HEAVY, TOASTS] }],
    },
  },
  {
    files: ['src/web/lib/notify.ts', 'src/web/app/App.tsx'],
    rules: { 'no-restricted-imports': ['error', { patterns: [SERVER, HEAVY] }] },
  },
  {
    files: ['src/game/**/*.ts', 'src/contract/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [SERVER, WEB, IO] }] },
  },
  {
    files: ['src/contract/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [SERVER, WEB, IO, HEAVY] }] },
  },
  {
    files: ['src/server/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [WEB] }] },
  },
);
