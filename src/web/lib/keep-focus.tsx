import { useLayoutEffect, type RefObject } from 'react';

/**
 * Render while a card's controls are shown (`{open && <KeepFocusOnClose … />}`), as the card's
 * first child: when the controls go (a match's score boxes as its deadline passes) with focus in
 * the card, focus moves to the card itself (give it `tabIndex={-1}`) instead of dropping to the
 * page, and `onKept` lets the card say why. React runs this cleanup as it removes the card's
 * first child, before the controls further down leave the page, so the focused one is still
 * there to be seen.
 */
export function KeepFocusOnClose({ card, onKept }: { card: RefObject<HTMLElement | null>; onKept: () => void }) {
  useLayoutEffect(
    () => () => {
      const el = card.current;
      if (!el || !el.isConnected || !el.contains(document.activeElement) || el === document.activeElement) return;
      el.focus({ preventScroll: true });
      onKept();
    },
    // Once per showing of the controls: the callbacks are read when they go.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );
  return null;
}
