/** Limits shared by the web forms and the server routes (one rule where the product's screens once disagreed). */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const NAME_MAX = 80;
export const USERNAME_MIN = 3;
export const USERNAME_MAX = 30;
export const TEAM_NAME_MIN = 2;
export const TEAM_NAME_MAX = 25;
export const EMAIL_MAX = 254;
export const PREDICTION_SCORE_MAX = 20;
export const RESULT_SCORE_MAX = 99;
export const LEAGUE_NAME_MAX = 50;
export const LEAGUE_DESCRIPTION_MAX = 500;
export const LEAGUE_CODE_LENGTH = 8;
export const CONTACT_MESSAGE_MAX = 5000;
/** Predictions close this long before kick-off. */
export const DEADLINE_MS = 2 * 60 * 60 * 1000;
/** The highest gameweek number any request may name (a league of 50 clubs has 98 rounds); a season's own rounds decide the rest. */
export const GAMEWEEK_NUMBER_MAX = 99;
