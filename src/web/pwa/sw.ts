/**
 * The service worker (built by vite-plugin-pwa's injectManifest into /sw.js). Workbox keeps the
 * app shell and the hashed assets of this build (the list is injected at build time), answers
 * every page navigation with the shell so the app opens offline, and keeps the board's and the
 * dashboard's reads network-first (cache-rules.ts). A new build waits until the page asks it to
 * take over (the "new version" notice in register.ts), so a page never runs half old, half new.
 */
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NetworkFirst } from 'workbox-strategies';
import type { PrecacheEntry } from 'workbox-precaching';
import { API_CACHE, OFFLINE_HEADER, isCachedRead } from './cache-rules';
import { installPushHandlers, type PushScope } from './push-handlers';

// The few parts of the worker's global scope used here, typed by hand: the project compiles with
// the DOM library, whose declarations clash with the WebWorker library's.
declare const self: {
  __WB_MANIFEST: Array<PrecacheEntry | string>;
  location: Location;
  skipWaiting(): Promise<void>;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
};

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
// The first install takes the open page at once, so the board it shows is kept for offline use
// from the first visit; a later build only activates when the page asks (and then reloads).
clientsClaim();

// Client-side routes (/dashboard, /predictions...) are all the one shell; the API and the
// development outbox are the server's.
registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: [/^\/api\//, /^\/dev\//] }));

registerRoute(
  ({ url, request }) => isCachedRead(url, request.method, self.location.origin),
  new NetworkFirst({
    cacheName: API_CACHE,
    // Long enough that a busy server is still asked (a cached answer makes the page read-only),
    // short enough that a phone on a dead connection shows its last board instead of a spinner.
    networkTimeoutSeconds: 6,
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: 80, maxAgeSeconds: 14 * 24 * 3600 }),
      {
        // Only used when the network failed: marked, so the page says it is offline and refuses saves.
        cachedResponseWillBeUsed: async ({ cachedResponse }) => {
          if (!cachedResponse) return cachedResponse;
          const headers = new Headers(cachedResponse.headers);
          headers.set(OFFLINE_HEADER, '1');
          return new Response(await cachedResponse.blob(), {
            status: cachedResponse.status,
            statusText: cachedResponse.statusText,
            headers,
          });
        },
      },
    ],
  }),
);

self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

// Push notifications (decision 0111): shown, and opened on a click.
installPushHandlers(self as unknown as PushScope);
