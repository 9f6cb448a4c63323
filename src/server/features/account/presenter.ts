import { accountExportDto, type AccountExport, type DeletionPreview } from '../../../contract/account-data.js';
import type { UserRole } from '../../../contract/account.js';
import type { ContactStatus } from '../../../contract/contact.js';
import type { LeagueFateRow } from './repository.js';
import { parseList } from '../bonus-questions/index.js';

/** The confirmation dialog's view of the leagues (contract `deletionPreviewDto`). */
export function presentPreview(
  leagues: LeagueFateRow[],
  counts: { predictions: number; contactMessages: number },
  refusal: string | null,
): DeletionPreview {
  return {
    leagues: leagues.map((l) => ({
      id: l.id,
      name: l.name,
      fate: l.fate,
      newCreator: l.newCreator,
      otherMembers: l.otherMembers,
    })),
    predictions: counts.predictions,
    contactMessages: counts.contactMessages,
    refusal,
  };
}

interface ExportInput {
  exportedAt: string;
  account: {
    id: string;
    email: string;
    emailVerified: boolean | number;
    name: string;
    username: string | null;
    teamName: string | null;
    role: UserRole;
    createdAt: Date | string;
  };
  settings: { remindersEnabled: number; reminderWindows: string } | undefined;
  predictions: Array<{
    seasonId: string;
    gameweek: number | null;
    fixtureId: string;
    homeTeam: string;
    awayTeam: string;
    kickoffAt: string | null;
    homeScore: number;
    awayScore: number;
    predictedAt: string;
    points: number | null;
    outcome: string | null;
    tier: string | null;
    banker: number;
    qualifier: 'home' | 'away' | null;
    resultHome: number | null;
    resultAway: number | null;
    resultFinal: number | null;
  }>;
  predictionsComplete: boolean;
  leagues: Array<{ id: string; name: string; code: string; creatorId: string; joinedAt: string; members: number }>;
  bonusAnswers: Array<{
    leagueId: string;
    leagueName: string;
    seasonId: string;
    prompt: string;
    options: string;
    choices: string;
    answeredAt: string;
    points: number | null;
  }>;
  bonusAnswersComplete: boolean;
  contactMessages: Array<{ createdAt: string; fromEmail: string; message: string; status: ContactStatus }>;
}

/** The download (contract `accountExportDto`): the player's own rows, named plainly; no private link or token. */
export function presentExport(x: ExportInput): AccountExport {
  const a = x.account;
  return {
    format: 'scoreline-account-data',
    version: 1,
    exportedAt: x.exportedAt,
    account: {
      id: a.id,
      email: a.email,
      emailVerified: Boolean(a.emailVerified),
      name: a.name,
      username: a.username ?? '',
      teamName: a.teamName ?? null,
      role: a.role,
      createdAt: new Date(a.createdAt).toISOString(),
    },
    settings: x.settings
      ? {
          remindersEnabled: x.settings.remindersEnabled === 1,
          reminderWindowsHours: x.settings.reminderWindows
            .split(',')
            .map(Number)
            .filter((n) => Number.isInteger(n)),
        }
      : null,
    predictions: x.predictions.map((p) => ({
      season: p.seasonId,
      gameweek: p.gameweek,
      fixtureId: p.fixtureId,
      homeTeam: p.homeTeam,
      awayTeam: p.awayTeam,
      kickoffAt: p.kickoffAt,
      predicted: { home: p.homeScore, away: p.awayScore },
      predictedAt: p.predictedAt,
      result:
        p.resultHome === null || p.resultAway === null
          ? null
          : { home: p.resultHome, away: p.resultAway, final: p.resultFinal !== 0 },
      points: p.points,
      outcome: p.outcome,
      tier: p.tier,
      banker: Number(p.banker) === 1,
      qualifier: p.qualifier,
    })),
    predictionsComplete: x.predictionsComplete,
    leagues: x.leagues.map((l) => ({
      id: l.id,
      name: l.name,
      code: l.code,
      role: l.creatorId === a.id ? 'creator' : 'member',
      joinedAt: l.joinedAt,
      members: Number(l.members),
    })),
    bonusAnswers: x.bonusAnswers.map((b) => {
      const options = parseList<string>(b.options);
      return {
        leagueId: b.leagueId,
        leagueName: b.leagueName,
        season: b.seasonId,
        question: b.prompt,
        answers: parseList<number>(b.choices).map((i) => options[i] ?? String(i)),
        answeredAt: b.answeredAt,
        points: b.points === null ? null : Number(b.points),
      };
    }),
    bonusAnswersComplete: x.bonusAnswersComplete,
    contactMessages: x.contactMessages.map((m) => ({
      sentAt: m.createdAt,
      replyTo: m.fromEmail,
      message: m.message,
      status: m.status,
    })),
  };
}

/**
 * The export as the file the player downloads: the route's schema still decides what leaves, and
 * the text is indented by two spaces so a person can open and read it (a single line of JSON is
 * unreadable in a text editor).
 */
export function exportFile(x: AccountExport): string {
  return `${JSON.stringify(accountExportDto.parse(x), null, 2)}\n`;
}
