import { loadConfig } from '../config.js';
import { openDatabase } from '../db/index.js';
import { migrateToLatest } from '../db/migrate.js';
import { isEmailVerified, promoteByEmail } from '../auth/admin-role.js';

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
  const verified = ok && (await isEmailVerified(handle.db, email));
  await handle.close();
  if (!ok) {
    console.error(`No account has the e-mail ${email}.`);
    process.exit(1);
  }
  console.log(`${email} is now an admin.`);
  // The admin guard also requires a verified address (safe by default on a public server).
  if (!verified) console.log('Its e-mail address is not verified yet: the admin pages open once it is.');
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
}
