import { beforeEach, expect, test, vi } from 'vitest';

/**
 * The install offer never nags: it exists only while the browser has offered an install, and
 * once the player installs the app or says no (our "Not now" or the browser's own dialog), it is
 * remembered and never shown again, even when the browser offers again on a later visit.
 */
let storage: Map<string, string>;
let win: EventTarget;

beforeEach(() => {
  vi.resetModules();
  storage = new Map();
  win = new EventTarget();
  vi.stubGlobal('window', win);
  vi.stubGlobal('localStorage', {
    getItem: (k: string) => storage.get(k) ?? null,
    setItem: (k: string, v: string) => void storage.set(k, v),
    removeItem: (k: string) => void storage.delete(k),
  });
});

function browserOffers(outcome: 'accepted' | 'dismissed' = 'dismissed') {
  const e = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
    prompt: vi.fn(async () => undefined),
    userChoice: Promise.resolve({ outcome }),
  });
  win.dispatchEvent(e);
  return e;
}

test('offered once the browser allows it; "Not now" is remembered and the offer never comes back', async () => {
  const install = await import('./install');
  install.captureInstallOffer();
  expect(install.canOfferInstall()).toBe(false);
  const e = browserOffers();
  expect(e.defaultPrevented).toBe(true);
  expect(install.canOfferInstall()).toBe(true);
  install.dismissInstallOffer();
  expect(install.canOfferInstall()).toBe(false);
  expect(storage.get(install.INSTALL_DONE_KEY)).toBe('dismissed');

  // A later visit: the browser offers again, we do not.
  vi.resetModules();
  const later = await import('./install');
  later.captureInstallOffer();
  browserOffers();
  expect(later.canOfferInstall()).toBe(false);
});

test('installing through our button shows the browser dialog once and settles the offer', async () => {
  const install = await import('./install');
  install.captureInstallOffer();
  const e = browserOffers('accepted');
  await install.acceptInstallOffer();
  expect(e.prompt).toHaveBeenCalledTimes(1);
  expect(storage.get(install.INSTALL_DONE_KEY)).toBe('installed');
  expect(install.canOfferInstall()).toBe(false);
});

test('an install from the browser menu settles it too', async () => {
  const install = await import('./install');
  install.captureInstallOffer();
  browserOffers();
  win.dispatchEvent(new Event('appinstalled'));
  expect(install.canOfferInstall()).toBe(false);
  expect(storage.get(install.INSTALL_DONE_KEY)).toBe('installed');
});
