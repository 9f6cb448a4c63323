import { loadConfig } from '../config.js';
import { openDatabase } from '../db/index.js';
import { migrateToLatest } from '../db/migrate.js';
import { promoteByEmail } from '../auth/admin-role.js';

// `npm run make-admin -- someone@example.com`: gives an existing account the admin role.
const email = process.argv[2];
if (!email) {
  console.error('Usage: npm run make-admin -- <email>');
  process.exit(2);
}
try {
  const config = loadConfig(process.env);
  const handle = openDatabase(config.DATABASE_URL);
  await migrateToLatest(handle);
  const ok = await promoteByEmail(handle.db, email);
  await handle.close();
  if (!ok) {
    console.error(`No account has the e-mail ${email}.`);
    process.exit(1);
  }
  console.log(`${email} is now an admin.`);
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
}
