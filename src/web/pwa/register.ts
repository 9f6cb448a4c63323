import { registerSW } from 'virtual:pwa-register';
import { notifyWithAction } from '../lib/notify';
import { UPDATE_READY_TEXT } from './texts';

/**
 * Says that a new build has been installed beside the running one, and offers to reload into it.
 * The notice stays until it is used or closed: the new version takes over only when the player
 * says so (or on their next visit), so a form being filled in is never reloaded away.
 */
export function announceUpdate(reload: () => Promise<void> | void): void {
  notifyWithAction('app-update', UPDATE_READY_TEXT, { label: 'Reload', onClick: () => void reload() });
}

/** Registers the service worker (production builds only: the development server has none). */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const update = registerSW({
    immediate: true,
    onNeedRefresh: () =>
      announceUpdate(() => {
        // The new worker takes over, then the page reloads into it. The plugin reloads only a page
        // that was already controlled when it opened; a first visit that met a new build would
        // otherwise stay on the old one.
        navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), { once: true });
        return update(true);
      }),
    onRegisterError: (err: unknown) => console.error('The service worker could not be registered', err),
  });
}
