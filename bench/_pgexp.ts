import pg from 'pg';
const url = process.argv[2]!;
const c = new pg.Client({ connectionString: url });
await c.connect();
const fixtures = (await c.query(`select id, "seasonId", gameweek from fixtures where "seasonId"='2026-27' and "kickoffAt" < '2026-11-23' order by "kickoffAt" desc limit 30`)).rows;
const variant = process.argv[3] ?? 'trigger';
const pick = fixtures.slice(Number(process.argv[4] ?? 0), Number(process.argv[4] ?? 0) + 4);
// Prepare: predictions of these fixtures unscored (triggers off), committed and pruned.
await c.query(`SET session_replication_role = replica`);
for (const f of pick) await c.query(`UPDATE predictions SET points = NULL, outcome = NULL WHERE "fixtureId" = $1`, [f.id]);
await c.query(`SET session_replication_role = DEFAULT`);
await c.query(`VACUUM predictions`);
await c.query(`CHECKPOINT`);
const pts = `CASE WHEN ("homeScore" = 2 AND "awayScore" = 1) THEN 3 WHEN (CASE WHEN "homeScore" > "awayScore" THEN 1 WHEN "homeScore" < "awayScore" THEN -1 ELSE 0 END) = 1 THEN 1 ELSE 0 END`;
const out = `CASE WHEN ("homeScore" = 2 AND "awayScore" = 1) THEN 'exact' WHEN (CASE WHEN "homeScore" > "awayScore" THEN 1 WHEN "homeScore" < "awayScore" THEN -1 ELSE 0 END) = 1 THEN 'outcome' ELSE 'wrong' END`;
const ex = `(CASE WHEN ("homeScore" = 2 AND "awayScore" = 1) THEN 1 ELSE 0 END)`;
for (const f of pick) {
  const t = performance.now();
  await c.query('BEGIN');
  if (variant === 'trigger') {
    await c.query(`UPDATE predictions SET points = ${pts}, outcome = ${out} WHERE "fixtureId" = $1`, [f.id]);
  } else {
    await c.query(`SET LOCAL session_replication_role = replica`);
    if (variant === 'upsert') {
      await c.query(`INSERT INTO "userPoints" ("seasonId", "gameweek", "userId", "points", "exact")
        SELECT $2, g.gw, d."userId", d.dp, d.de FROM (
          SELECT p."userId", COALESCE(${pts}, 0) - COALESCE(p."points", 0) AS dp, ${ex} - (CASE WHEN p."points" IS NOT NULL AND p."outcome" = 'exact' THEN 1 ELSE 0 END) AS de, p."points" IS NULL AS first
          FROM "predictions" p WHERE p."fixtureId" = $1) d CROSS JOIN (VALUES (0), ($3::int)) g(gw)
        WHERE d.dp <> 0 OR d.de <> 0 OR d.first
        ON CONFLICT ("seasonId", "gameweek", "userId") DO UPDATE SET points = "userPoints".points + excluded.points, exact = "userPoints".exact + excluded.exact`, [f.id, f.seasonId, f.gameweek]);
    } else if (variant === 'join') {
      const d = `SELECT p."userId", COALESCE(${pts}, 0) - COALESCE(p."points", 0) AS dp, ${ex} - (CASE WHEN p."points" IS NOT NULL AND p."outcome" = 'exact' THEN 1 ELSE 0 END) AS de FROM "predictions" p WHERE p."fixtureId" = $1`;
      await c.query(`UPDATE "userPoints" up SET points = up.points + d.dp, exact = up.exact + d.de FROM (${d}) d
        WHERE up."seasonId" = $2 AND up.gameweek = ANY(ARRAY[0, $3::int]) AND up."userId" = d."userId" AND (d.dp <> 0 OR d.de <> 0)`, [f.id, f.seasonId, f.gameweek]);
      await c.query(`INSERT INTO "userPoints" ("seasonId", "gameweek", "userId", "points", "exact")
        SELECT $2, g.gw, d."userId", d.dp, d.de FROM (${d}) d CROSS JOIN (VALUES (0), ($3::int)) g(gw)
        WHERE NOT EXISTS (SELECT 1 FROM "userPoints" up WHERE up."seasonId" = $2 AND up.gameweek = g.gw AND up."userId" = d."userId")
        ON CONFLICT ("seasonId", "gameweek", "userId") DO UPDATE SET points = "userPoints".points + excluded.points, exact = "userPoints".exact + excluded.exact`, [f.id, f.seasonId, f.gameweek]);
    }
    const t1 = performance.now();
    await c.query(`UPDATE predictions SET points = ${pts}, outcome = ${out} WHERE "fixtureId" = $1`, [f.id]);
    process.stdout.write(`  (aggregate ${(t1 - t).toFixed(0)} ms, predictions ${(performance.now() - t1).toFixed(0)} ms) `);
  }
  await c.query('COMMIT');
  console.log(variant, f.id, (performance.now() - t).toFixed(1), 'ms');
}
await c.end();
