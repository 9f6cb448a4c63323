import { loadConfig } from '../config.js';
import { openDatabase } from './index.js';
import { migrateToLatest } from './migrate.js';

// `npm run migrate`: applies pending migrations and exits non-zero when one fails.
try {
  const config = loadConfig(process.env);
  const handle = openDatabase(config.DATABASE_URL);
  const applied = await migrateToLatest(handle);
  console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'Database is up to date.');
  await handle.close();
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
}
