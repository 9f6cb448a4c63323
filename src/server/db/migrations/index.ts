import type { AppMigration } from './types.js';
import { foundation } from './0001_foundation.js';
import { leagues } from './0005_leagues.js';
import { contact } from './0006_contact.js';
import { matchday } from './0008_matchday.js';
import { pointsSetBased } from './0009_points_set_based.js';
import { security } from './0011_security.js';
import { seasons } from './0014_seasons.js';
import { predictionsByFixture } from './0015_predictions_by_fixture.js';
import { feedSnapshots } from './0016_feed_snapshots.js';
import { pointsInBulk } from './0017_points_in_bulk.js';
import { resultsVersion } from './0018_results_version.js';
import { teamNames } from './0026_team_names.js';
import { pendingRegistrations } from './0027_pending_registrations.js';
import { leagueBans } from './0028_league_bans.js';
import { contactSender } from './0029_contact_sender.js';
import { bonusQuestions } from './0038_bonus_questions.js';
import { pointsInCode } from './0039_points_in_code.js';
import { leagueScoring } from './0040_league_scoring.js';
import { nameSkeletons } from './0050_name_skeletons.js';
import { pendingMoves } from './0050_pending_moves.js';
import { pushSubscriptions } from './0050_push_subscriptions.js';
import { recipientMailLog } from './0050_recipient_mail_log.js';
import { competitions } from './0060_competitions.js';
import { predictionQualifier } from './0070_prediction_qualifier.js';

/** Every migration, in order. Names sort by their number prefix; never rename one that has shipped. */
export const migrations: AppMigration[] = [
  foundation,
  leagues,
  contact,
  matchday,
  pointsSetBased,
  security,
  seasons,
  predictionsByFixture,
  feedSnapshots,
  pointsInBulk,
  resultsVersion,
  teamNames,
  pendingRegistrations,
  leagueBans,
  contactSender,
  bonusQuestions,
  pointsInCode,
  leagueScoring,
  nameSkeletons,
  pendingMoves,
  pushSubscriptions,
  recipientMailLog,
  competitions,
  predictionQualifier,
];
