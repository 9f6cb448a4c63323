/** Line icons for the dashboard and statistics (inline SVG: no emoji font needed on any system). */
const PATHS = {
  target: 'M12 3a9 9 0 100 18 9 9 0 000-18zm0 4a5 5 0 100 10 5 5 0 000-10zm0 4a1 1 0 100 2 1 1 0 000-2z',
  trend: 'M3 17l6-6 4 4 8-8M15 7h6v6',
  star: 'M12 3l2.8 5.7 6.2.9-4.5 4.4 1 6.2L12 17.3 6.5 20.2l1-6.2L3 9.6l6.2-.9z',
  bullseye: 'M12 3a9 9 0 100 18 9 9 0 000-18zM12 8a4 4 0 100 8 4 4 0 000-8zM12 11.5v1',
  ball: 'M12 3a9 9 0 100 18 9 9 0 000-18zm0 4l3.5 2.5-1.3 4h-4.4l-1.3-4z',
  flame: 'M12 3c1 4 5 5.5 5 10a5 5 0 01-10 0c0-2.5 1.5-3.5 2-5 1 1.5 2 2 3 2 0-2.5-1-4.5 0-7z',
  bolt: 'M13 2L4 14h7l-1 8 9-12h-7z',
  arrow: 'M4 20L20 4M20 4h-7M20 4v7M4 14l-1 7 7-1',
  medal: 'M8 3l4 6 4-6M12 9a6 6 0 100 12 6 6 0 000-12zM12 12.5l1 2 2.2.3-1.6 1.5.4 2.2-2-1-2 1 .4-2.2-1.6-1.5 2.2-.3z',
  cap: 'M2 9l10-5 10 5-10 5zM6 11v5c2 2 10 2 12 0v-5M22 9v6',
  crown: 'M3 8l4 4 5-7 5 7 4-4-2 11H5z',
  chart: 'M4 20V10M10 20V4M16 20v-7M22 20H2',
  trophy: 'M8 4h8v5a4 4 0 01-8 0zM8 6H4v2a3 3 0 003 3M16 6h4v2a3 3 0 01-3 3M12 13v4M8 20h8M9 17h6',
  lock: 'M6 11h12v10H6zM8 11V8a4 4 0 018 0v3',
} as const;

export type DashIconName = keyof typeof PATHS;

export function DashIcon({ name, className = 'h-6 w-6' }: { name: DashIconName; className?: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className={className} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round">
      <path d={PATHS[name]} />
    </svg>
  );
}

/** Position 1: a gold trophy; 2 and 3: silver and bronze medals (spec §2). */
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
          <text x="16" y="24" textAnchor="middle" fontSize="11" fontWeight="800" fontFamily="system-ui, sans-serif" fill="#ffffff">
            {position}
          </text>
        </>
      )}
    </svg>
  );
}
