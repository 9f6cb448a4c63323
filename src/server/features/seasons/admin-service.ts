import type { CreateSeasonBody, SeasonFilePreview } from '../../../contract/admin-seasons.js';
import type { DB } from '../../db/index.js';
import { badRequest, conflict, HttpError } from '../../errors.js';
import { readUploadedSeasonFile, type UploadedSeasonFile } from '../../season-files/read-upload.js';
import { planSeasonSync } from '../../season-files/sync-plan.js';
import { applySeasonPlan } from '../feed/index.js';
import { clubsByName } from './admin-repository.js';
import { clubSlug, suggestClub, seasonIdFor } from './admin-suggest.js';
import {
  addSeasonClubs,
  DEFAULT_COMPETITION,
  ensureClubs,
  ensureSeason,
  getCompetition,
  getSeason,
  type ClubRow,
} from '../../seasons/repository.js';

type ParsedOk = UploadedSeasonFile;

/** How long reading the file may take on its worker thread (the app's `seasonFileParseMs`). */
export interface FileReadOptions {
  parseTimeLimitMs: number;
}

const fileClubs = (parsed: ParsedOk) =>
  [...new Set(parsed.matches.flatMap((m) => [m.home, m.away]))].sort((a, b) => a.localeCompare(b));

/** A file checked whole, before anything is written: counts, rounds, dates, its clubs and which are new. */
export async function previewSeasonFile(
  db: DB,
  content: string,
  fileName: string | undefined,
  read: FileReadOptions,
): Promise<SeasonFilePreview> {
  let parsed: ParsedOk | { ok: false; message: string };
  try {
    parsed = await readUploadedSeasonFile(content, fileName, read.parseTimeLimitMs);
  } catch (err) {
    // A file that cannot be read is shown as the preview's error; only "busy" is an error answer.
    if (!(err instanceof HttpError) || err.statusCode !== 400) throw err;
    parsed = { ok: false, message: err.message };
  }
  if (!parsed.ok) {
    return {
      ok: false,
      name: null,
      error: parsed.message,
      matches: 0,
      rounds: 0,
      results: 0,
      firstDate: null,
      lastDate: null,
      clubs: [],
      unknownClubs: [],
      warnings: [],
      suggestedId: null,
      suggestedLabel: null,
      exists: false,
    };
  }
  const clubs = fileClubs(parsed);
  const known = new Set((await clubsByName(db, clubs)).map((c) => c.name));
  const dates = parsed.matches.map((m) => m.date).sort();
  const suggested = dates.length ? seasonIdFor(dates[0]!) : null;
  return {
    ok: true,
    name: parsed.name,
    error: null,
    matches: parsed.matches.length,
    rounds: new Set(parsed.matches.map((m) => m.round)).size,
    results: parsed.matches.filter((m) => m.result).length,
    firstDate: dates[0] ?? null,
    lastDate: dates.at(-1) ?? null,
    clubs,
    unknownClubs: clubs.filter((c) => !known.has(c)).map((c) => ({ ...suggestClub(c), suggested: true as const })),
    warnings: parsed.warnings,
    suggestedId: suggested?.id ?? null,
    suggestedLabel: suggested?.label ?? null,
    exists: suggested ? (await getSeason(db, suggested.id)) !== undefined : false,
  };
}

/**
 * Creates a season from a file in one transaction: the season, its clubs (known ones by name;
 * the new ones with the details the admin confirmed), its fixtures and the results of matches
 * already played (source 'file'), through the same planner and apply step as a re-import.
 */
export async function createSeasonFromFile(db: DB, body: CreateSeasonBody, now: Date, read: FileReadOptions) {
  const parsed = await readUploadedSeasonFile(body.content, body.fileName, read.parseTimeLimitMs);
  if (await getSeason(db, body.id))
    throw conflict(`A season ${body.id} exists already. Re-import the file into it instead.`, 'season_exists');
  const names = fileClubs(parsed);
  const known = await clubsByName(db, names);
  const knownNames = new Set(known.map((c) => c.name));
  const unknown = names.filter((n) => !knownNames.has(n));
  const given = new Map(body.clubs.map((c) => [c.name, c]));
  const missing = unknown.filter((n) => !given.has(n));
  if (missing.length)
    throw badRequest(`Confirm the details of ${missing.map((n) => `"${n}"`).join(', ')} first.`, 'unknown_club', {
      field: 'clubs',
      clubs: missing,
    });
  const stray = body.clubs.filter((c) => !unknown.includes(c.name));
  if (stray.length)
    throw badRequest(`${stray.map((c) => `"${c.name}"`).join(', ')} is not a new club of this file.`, 'unknown_club', {
      field: 'clubs',
    });
  const competition = await getCompetition(db, DEFAULT_COMPETITION);
  const nowIso = now.toISOString();

  return db.transaction().execute(async (trx) => {
    if (!(await ensureSeason(trx, { id: body.id, competitionId: DEFAULT_COMPETITION, label: body.label }, nowIso))) {
      throw conflict(`A season ${body.id} exists already. Re-import the file into it instead.`, 'season_exists');
    }
    const fresh: ClubRow[] = unknown.map((n) => {
      const c = given.get(n)!;
      return {
        id: clubSlug(n),
        name: n,
        shortName: c.shortName,
        code: c.code,
        primaryColour: c.primaryColour.toUpperCase(),
        secondaryColour: c.secondaryColour.toUpperCase(),
        pattern: c.pattern,
      };
    });
    await addSeasonClubs(trx, body.id, await ensureClubs(trx, [...known, ...fresh], nowIso));
    const plan = planSeasonSync([], parsed.matches, {
      now,
      source: 'file',
      clubs: names,
      timeZone: competition?.timeZone,
    });
    if (!plan.ok) throw badRequest(plan.message, 'invalid_season_file', { field: 'content' });
    await applySeasonPlan(trx, body.id, competition?.name ?? 'Premier League', plan, now);
    return {
      season: { id: body.id, label: body.label },
      fixtures: plan.counts.added,
      results: plan.counts.results,
      clubsCreated: fresh.length,
    };
  });
}
