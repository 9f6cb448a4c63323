/** Position 1: a gold trophy; 2 and 3: silver and bronze medals, as on the Leaderboard screen. */
export function PositionTrophy({ position }: { position: 1 | 2 | 3 }) {
  const label = position === 1 ? '1st place' : position === 2 ? '2nd place' : '3rd place';
  const fill = position === 1 ? '#f59e0b' : position === 2 ? '#94a3b8' : '#b45309';
  return (
    <svg role="img" aria-label={label} viewBox="0 0 32 32" className="h-8 w-8 shrink-0">
      {position === 1 ? (
        <>
          <path d="M10 5h12v7a6 6 0 01-12 0z" fill={fill} />
          <path d="M10 8H6v2a4 4 0 004 4M22 8h4v2a4 4 0 01-4 4" fill="none" stroke={fill} strokeWidth="2" />
          <path d="M16 18v5M11 27h10M13 23h6" stroke={fill} strokeWidth="2.5" strokeLinecap="round" />
        </>
      ) : (
        <>
          <path d="M11 3l5 8 5-8" fill="none" stroke="#2563eb" strokeWidth="3" />
          <circle cx="16" cy="20" r="8" fill={fill} />
          <text
            x="16"
            y="24"
            textAnchor="middle"
            fontSize="11"
            fontWeight="800"
            fontFamily="system-ui, sans-serif"
            fill="#ffffff"
          >
            {position}
          </text>
        </>
      )}
    </svg>
  );
}
