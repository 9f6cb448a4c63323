/** The id of every layout's `<main>`, the skip link's target. */
export const MAIN_ID = 'main-content';

/** Props for a layout's `<main>`: the skip link's target, focusable from script only (no outline: it is not a control). */
export const mainProps = { id: MAIN_ID, tabIndex: -1 } as const;

/**
 * "Skip to main content": the first stop of the tab order on every layout, hidden until it has
 * focus, so a keyboard or switch user need not pass the header and the navigation on each page.
 * The link works before any script runs (the pre-rendered landing page); with script it moves
 * focus to `<main>` without putting `#main-content` in the address.
 */
export function SkipLink() {
  return (
    <a
      href={`#${MAIN_ID}`}
      // Above the top edge until focused, then over the page's corner (never in the layout's flow or grid).
      className="fixed left-3 top-3 z-[60] -translate-y-[200%] rounded-lg bg-white px-4 py-2 font-semibold text-brand-900 shadow-lg focus:translate-y-0"
      onClick={(e) => {
        const main = document.getElementById(MAIN_ID);
        if (!main) return;
        e.preventDefault();
        main.focus();
      }}
    >
      Skip to main content
    </a>
  );
}
