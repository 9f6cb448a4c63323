/** The 20 clubs of 2025/26: names as the season data spells them, short names, and two colours. */
export interface Club {
  name: string;
  shortName: string;
  code: string;
  primary: string;
  secondary: string;
}

export const CLUBS: readonly Club[] = [
  { name: 'AFC Bournemouth', shortName: 'Bournemouth', code: 'BOU', primary: '#DA291C', secondary: '#000000' },
  { name: 'Arsenal FC', shortName: 'Arsenal', code: 'ARS', primary: '#EF0107', secondary: '#FFFFFF' },
  { name: 'Aston Villa FC', shortName: 'Aston Villa', code: 'AVL', primary: '#670E36', secondary: '#95BFE5' },
  { name: 'Brentford FC', shortName: 'Brentford', code: 'BRE', primary: '#E30613', secondary: '#FFFFFF' },
  { name: 'Brighton & Hove Albion FC', shortName: 'Brighton', code: 'BHA', primary: '#0057B8', secondary: '#FFFFFF' },
  { name: 'Burnley FC', shortName: 'Burnley', code: 'BUR', primary: '#6C1D45', secondary: '#99D6EA' },
  { name: 'Chelsea FC', shortName: 'Chelsea', code: 'CHE', primary: '#034694', secondary: '#FFFFFF' },
  { name: 'Crystal Palace FC', shortName: 'Crystal Palace', code: 'CRY', primary: '#1B458F', secondary: '#C4122E' },
  { name: 'Everton FC', shortName: 'Everton', code: 'EVE', primary: '#003399', secondary: '#FFFFFF' },
  { name: 'Fulham FC', shortName: 'Fulham', code: 'FUL', primary: '#FFFFFF', secondary: '#000000' },
  { name: 'Leeds United FC', shortName: 'Leeds', code: 'LEE', primary: '#FFFFFF', secondary: '#1D428A' },
  { name: 'Liverpool FC', shortName: 'Liverpool', code: 'LIV', primary: '#C8102E', secondary: '#F6EB61' },
  { name: 'Manchester City FC', shortName: 'Man City', code: 'MCI', primary: '#6CABDD', secondary: '#1C2C5B' },
  { name: 'Manchester United FC', shortName: 'Man United', code: 'MUN', primary: '#DA291C', secondary: '#FBE122' },
  { name: 'Newcastle United FC', shortName: 'Newcastle', code: 'NEW', primary: '#241F20', secondary: '#FFFFFF' },
  { name: 'Nottingham Forest FC', shortName: "Nott'm Forest", code: 'NFO', primary: '#DD0000', secondary: '#FFFFFF' },
  { name: 'Sunderland AFC', shortName: 'Sunderland', code: 'SUN', primary: '#EB172B', secondary: '#FFFFFF' },
  { name: 'Tottenham Hotspur FC', shortName: 'Spurs', code: 'TOT', primary: '#132257', secondary: '#FFFFFF' },
  { name: 'West Ham United FC', shortName: 'West Ham', code: 'WHU', primary: '#7A263A', secondary: '#1BB1E7' },
  { name: 'Wolverhampton Wanderers FC', shortName: 'Wolves', code: 'WOL', primary: '#FDB913', secondary: '#231F20' },
];

const byName = new Map(CLUBS.map((c) => [c.name, c]));

export function clubByName(name: string): Club | undefined {
  return byName.get(name);
}

/** A team's name for display: the spec's rule of dropping the ' FC' suffix. */
export function displayTeamName(name: string): string {
  return name.replace(/ FC$/, '');
}
