import { useSyncExternalStore } from 'react';

/**
 * The browser's offer to install the app (`beforeinstallprompt`, Chromium only), kept from the
 * moment it fires, which may be before any screen is drawn. Once the player installs the app or
 * dismisses our button, it is remembered in localStorage and never offered again.
 */
interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

export const INSTALL_DONE_KEY = 'scoreline.installOffer';

let offer: InstallPromptEvent | null = null;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

function settled(): boolean {
  try {
    return localStorage.getItem(INSTALL_DONE_KEY) !== null;
  } catch {
    return false;
  }
}

function remember(outcome: 'installed' | 'dismissed'): void {
  try {
    localStorage.setItem(INSTALL_DONE_KEY, outcome);
  } catch {
    // No storage: the offer comes back next visit, which is all that can be done.
  }
  offer = null;
  emit();
}

/** Whether an install can be offered now (the browser allows it and the player has not said no). */
export const canOfferInstall = (): boolean => offer !== null && !settled();

/** Listens for the browser's offer; call once, at start-up. */
export function captureInstallOffer(): void {
  window.addEventListener('beforeinstallprompt', (e) => {
    // Our own button asks instead of the browser's mini info-bar, and only until dismissed.
    e.preventDefault();
    if (settled()) return;
    offer = e as InstallPromptEvent;
    emit();
  });
  window.addEventListener('appinstalled', () => remember('installed'));
}

/** canOfferInstall, redrawn as it changes. */
export function useInstallOffer(): boolean {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    canOfferInstall,
    () => false,
  );
}

/** Shows the browser's install dialog; either answer settles it. */
export async function acceptInstallOffer(): Promise<void> {
  const current = offer;
  if (!current) return;
  await current.prompt();
  const choice = await current.userChoice;
  remember(choice.outcome === 'accepted' ? 'installed' : 'dismissed');
}

export function dismissInstallOffer(): void {
  remember('dismissed');
}
