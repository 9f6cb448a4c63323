/**
 * Push messages in the service worker (decision 0111): a message carries a title, a body and a
 * path in this app; it is shown as a notification, and a click focuses an open tab of the app (or
 * opens one) on that path. A message that does not parse still shows something: a push a browser
 * receives without showing a notification costs the site its permission.
 */

export interface ShownPush {
  title: string;
  body: string;
  url: string;
}

const FALLBACK: ShownPush = { title: 'Scoreline', body: 'Something new in Scoreline.', url: '/' };

/** The notification for a message's text; only a path in this app is kept as its link. */
export function notificationFromPush(text: string | null | undefined, origin: string): ShownPush {
  if (!text) return FALLBACK;
  try {
    const data = JSON.parse(text) as Partial<Record<keyof ShownPush, unknown>>;
    const title = typeof data.title === 'string' && data.title ? data.title.slice(0, 120) : FALLBACK.title;
    const body = typeof data.body === 'string' ? data.body.slice(0, 400) : '';
    return { title, body, url: sameOriginPath(data.url, origin) };
  } catch {
    return FALLBACK;
  }
}

/** A path in this app, or '/' for anything else: a notification never opens another site. */
export function sameOriginPath(url: unknown, origin: string): string {
  if (typeof url !== 'string' || !url.startsWith('/') || url.startsWith('//')) return '/';
  try {
    const u = new URL(url, origin);
    return u.origin === origin ? `${u.pathname}${u.search}${u.hash}` : '/';
  } catch {
    return '/';
  }
}

interface PushEventLike {
  data: { text(): string } | null;
  waitUntil(p: Promise<unknown>): void;
}
interface NotificationEventLike {
  notification: { data?: unknown; close(): void };
  waitUntil(p: Promise<unknown>): void;
}
interface WindowClientLike {
  url: string;
  focus(): Promise<unknown>;
  navigate(url: string): Promise<unknown>;
}
/** The parts of the worker's global scope used here (the project compiles with the DOM library, not WebWorker). */
export interface PushScope {
  location: { origin: string };
  registration: {
    showNotification(
      title: string,
      options: { body: string; icon: string; badge: string; data: unknown; tag?: string },
    ): Promise<void>;
  };
  clients: {
    matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<readonly WindowClientLike[]>;
    openWindow(url: string): Promise<unknown>;
  };
  addEventListener(type: 'push', listener: (event: PushEventLike) => void): void;
  addEventListener(type: 'notificationclick', listener: (event: NotificationEventLike) => void): void;
}

export function installPushHandlers(scope: PushScope): void {
  scope.addEventListener('push', (event) => {
    const shown = notificationFromPush(event.data?.text(), scope.location.origin);
    event.waitUntil(
      scope.registration.showNotification(shown.title, {
        body: shown.body,
        icon: '/icon-192.png',
        badge: '/icon-192.png',
        data: { url: shown.url },
      }),
    );
  });

  scope.addEventListener('notificationclick', (event) => {
    event.notification.close();
    const data = event.notification.data as { url?: unknown } | undefined;
    const path = sameOriginPath(data?.url, scope.location.origin);
    const target = new URL(path, scope.location.origin).href;
    event.waitUntil(
      scope.clients.matchAll({ type: 'window', includeUncontrolled: true }).then(async (open) => {
        const tab = open.find((c) => c.url.startsWith(scope.location.origin));
        if (!tab) return scope.clients.openWindow(target);
        await tab.focus();
        return tab.url === target ? undefined : tab.navigate(target);
      }),
    );
  });
}
