import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { useApiMutation } from '../../lib/mutation';
import {
  pushKeyDto,
  pushPreferencesDto,
  pushSubscribedDto,
  type PushPreferences,
  type PushSubscriptionInput,
} from '../../../contract/push';

const preferencesKey = ['me', 'push'] as const;

export function usePushPreferences() {
  return useQuery({
    queryKey: preferencesKey,
    queryFn: () => api('/api/push/preferences', { schema: pushPreferencesDto }),
  });
}

export function useSavePushPreferences() {
  const qc = useQueryClient();
  return useApiMutation(
    (body: PushPreferences) => api('/api/push/preferences', { schema: pushPreferencesDto, method: 'PUT', body }),
    { onSuccess: (data) => qc.setQueryData(preferencesKey, data) },
  );
}

/** The browser's push service and our server, in the order a browser needs them. */
export function usePushDevice() {
  const qc = useQueryClient();
  const enable = useApiMutation(
    async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      if (!registration)
        throw new Error('Notifications need the installed version of Scoreline; reload the page and try again.');
      const permission = await Notification.requestPermission();
      if (permission !== 'granted')
        throw new Error(
          'Notifications are blocked for Scoreline in this browser. Allow them in the site settings first.',
        );
      const { publicKey } = await api('/api/push/key', { schema: pushKeyDto });
      const subscription =
        (await registration.pushManager.getSubscription()) ??
        (await registration.pushManager.subscribe({
          userVisibleOnly: true,
          applicationServerKey: fromBase64Url(publicKey),
        }));
      const body = subscription.toJSON() as PushSubscriptionInput;
      return api('/api/push/subscriptions', { schema: pushPreferencesDto, method: 'POST', body });
    },
    { onSuccess: (data) => qc.setQueryData(preferencesKey, data) },
  );

  const disable = useApiMutation(
    async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      const subscription = await registration?.pushManager.getSubscription();
      if (!subscription) return { subscribed: false };
      const endpoint = subscription.endpoint;
      await subscription.unsubscribe();
      return api('/api/push/subscriptions', { schema: pushSubscribedDto, method: 'DELETE', body: { endpoint } });
    },
    { invalidates: [preferencesKey] },
  );

  return { enable, disable };
}

/** Whether this browser can take push messages at all. */
export const pushSupported = () =>
  typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

/** Whether this device is subscribed now (the browser knows; our server only counts devices). */
export async function deviceSubscribed(): Promise<boolean> {
  const registration = await navigator.serviceWorker.getRegistration();
  return Boolean(await registration?.pushManager.getSubscription());
}

function fromBase64Url(text: string): Uint8Array<ArrayBuffer> {
  const b64 = (text + '='.repeat((4 - (text.length % 4)) % 4)).replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(b64);
  const out = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) out[i] = raw.charCodeAt(i);
  return out;
}
