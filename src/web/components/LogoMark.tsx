/** The Scoreline mark and name, without a link (shared by the router-based Logo and the landing page). */
export function LogoMark() {
  return (
    <>
      <svg aria-hidden="true" viewBox="0 0 64 64" className="h-8 w-8">
        <rect width="64" height="64" rx="14" fill="#15803d" />
        <circle cx="32" cy="32" r="18" fill="#fff" />
        <path d="M32 20l6 4.5-2.3 7h-7.4L26 24.5z" fill="#15803d" />
      </svg>
      Scoreline
    </>
  );
}
