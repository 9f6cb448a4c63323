import { clubByName } from '../../game/clubs';

/**
 * A club badge drawn in the club's colours (no image from another host): a shield with the
 * club's three-letter code. Unknown clubs get a generic football icon.
 */
export function ClubBadge({ team, size = 32 }: { team: string; size?: number }) {
  const club = clubByName(team);
  if (!club) {
    return (
      <svg role="img" aria-label={`${team} badge`} width={size} height={size} viewBox="0 0 32 32">
        <circle cx="16" cy="16" r="14" fill="#e2e8f0" stroke="#64748b" strokeWidth="2" />
        <path d="M16 9l5 3.6-1.9 5.8h-6.2L11 12.6z" fill="#64748b" />
      </svg>
    );
  }
  const light = ['#FFFFFF', '#F6EB61', '#FBE122', '#FDB913', '#6CABDD', '#99D6EA', '#95BFE5'].includes(club.primary.toUpperCase());
  return (
    <svg role="img" aria-label={`${club.shortName} badge`} width={size} height={size} viewBox="0 0 32 32">
      <path d="M16 1.5 29 5v10.5C29 23 23.5 28.5 16 31 8.5 28.5 3 23 3 15.5V5z" fill={club.primary} stroke={club.secondary} strokeWidth="2" />
      <path d="M3.8 19h24.4" stroke={club.secondary} strokeWidth="2.5" opacity="0.9" />
      <text x="16" y="15" textAnchor="middle" fontSize="8.5" fontWeight="800" fontFamily="system-ui, sans-serif" fill={light ? '#111827' : '#FFFFFF'}>
        {club.code}
      </text>
    </svg>
  );
}
