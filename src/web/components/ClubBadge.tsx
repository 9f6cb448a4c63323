import { useId, type ReactNode } from 'react';
import type { ClubInfo } from '../../contract/seasons';
import { useClub } from '../features/seasons/api';
import { badgeDivision, badgeEdge, type BadgeDivision } from './badge-pattern';

const SHIELD = 'M16 1.5 29 5v10.5C29 23 23.5 28.5 16 31 8.5 28.5 3 23 3 15.5V5z';

function division(pattern: BadgeDivision, c: string): ReactNode {
  switch (pattern) {
    case 'stripes':
      return [6, 14, 22].map((x) => <rect key={x} x={x} y="0" width="4" height="32" fill={c} />);
    case 'hoops':
      return [7, 15, 23].map((y) => <rect key={y} x="0" y={y} width="32" height="4" fill={c} />);
    case 'halves':
      return <rect x="16" y="0" width="16" height="32" fill={c} />;
    case 'quarters':
      return (
        <>
          <rect x="16" y="0" width="16" height="14" fill={c} />
          <rect x="0" y="14" width="16" height="18" fill={c} />
        </>
      );
    case 'chief':
      return <rect x="0" y="0" width="32" height="10" fill={c} />;
    case 'base':
      return <rect x="0" y="22" width="32" height="10" fill={c} />;
    case 'pale':
      return <rect x="12" y="0" width="8" height="32" fill={c} />;
    case 'sash':
      return <path d="M0 2 L6 -2 L34 26 L28 32z" fill={c} />;
    case 'sashSinister':
      return <path d="M32 2 L26 -2 L-2 26 L4 32z" fill={c} />;
    case 'chevron':
      return <path d="M0 24 L16 12 L32 24 L32 31 L16 19 L0 31z" fill={c} />;
    case 'chevronInverse':
      return <path d="M0 4 L16 16 L32 4 L32 11 L16 23 L0 11z" fill={c} />;
    case 'saltire':
      return <path d="M-2 2 L2 -2 L34 30 L30 34z M34 2 L30 -2 L-2 30 L2 34z" fill={c} />;
    case 'cross':
      return (
        <>
          <rect x="13" y="0" width="6" height="32" fill={c} />
          <rect x="0" y="11" width="32" height="6" fill={c} />
        </>
      );
    case 'roundel':
      return <circle cx="16" cy="15" r="8" fill={c} />;
    case 'ring':
      return <circle cx="16" cy="15" r="8.5" fill="none" stroke={c} strokeWidth="3" />;
    case 'plain':
      return (
        <path
          d="M16 4.5 26 7.2v8.3C26 21.3 21.8 25.5 16 27.6 10.2 25.5 6 21.3 6 15.5V7.2z"
          fill="none"
          stroke={c}
          strokeWidth="1.5"
        />
      );
  }
}

/**
 * A club-style shield: the field in the primary colour divided by the club's pattern in its
 * secondary, an outline that shows on white, and the club code on a light scroll across it, so
 * the code reads whatever the colours.
 */
export function Crest({ club, size }: { club: ClubInfo; size: number }) {
  const clip = useId();
  const pattern = badgeDivision(club);
  return (
    <svg
      role="img"
      aria-label={`${club.shortName} badge`}
      width={size}
      height={size}
      viewBox="0 0 32 32"
      className="shrink-0"
      data-pattern={pattern}
    >
      <defs>
        <clipPath id={clip}>
          <path d={SHIELD} />
        </clipPath>
      </defs>
      <g clipPath={`url(#${clip})`}>
        <rect width="32" height="32" fill={club.primaryColour} />
        {division(pattern, club.secondaryColour)}
        <rect x="0" y="12" width="32" height="9" fill="#FFFFFF" fillOpacity="0.92" />
      </g>
      <path d={SHIELD} fill="none" stroke={badgeEdge(club)} strokeWidth="1.8" strokeLinejoin="round" />
      <text
        x="16"
        y="19.3"
        textAnchor="middle"
        fontSize="7.6"
        fontWeight="800"
        fontFamily="system-ui, sans-serif"
        fill="#0F172A"
        letterSpacing="0.2"
      >
        {club.code}
      </text>
    </svg>
  );
}

/**
 * A club badge drawn by the project in the club's two colours (no image from another host):
 * a shield divided by the club's pattern (badge-pattern.ts) with its three-letter code (clubs come from
 * GET /api/clubs). Unknown clubs, and any club while the clubs load, get a generic football icon.
 */
export function ClubBadge({ team, size = 32 }: { team: string; size?: number }) {
  const club = useClub(team);
  if (!club) {
    return (
      <svg role="img" aria-label={`${team} badge`} width={size} height={size} viewBox="0 0 32 32" className="shrink-0">
        <circle cx="16" cy="16" r="14" fill="#f8fafc" stroke="#475569" strokeWidth="2" />
        <path d="M16 10.5l4.8 3.5-1.8 5.6h-6l-1.8-5.6z" fill="#475569" />
        <path
          d="M16 10.5V5.5M20.8 14l4.6-1.6M19 19.6l2.8 4M13 19.6l-2.8 4M11.2 14l-4.6-1.6"
          stroke="#475569"
          strokeWidth="1.5"
        />
      </svg>
    );
  }
  return <Crest club={club} size={size} />;
}
