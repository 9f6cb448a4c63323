import type { SeasonChoice } from '../seasons/season-view';

/** What a league table above shows: the season's table (final once it is over) or the all-seasons total. */
export function seasonTableTitle(choice: SeasonChoice): string {
  switch (choice.kind) {
    case 'all':
      return 'All seasons: every season’s points added up';
    case 'season':
      return choice.season.phase === 'finished'
        ? `${choice.season.label} final table`
        : `${choice.season.label} season`;
    default:
      return '';
  }
}
