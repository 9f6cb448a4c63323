import { z } from 'zod';

/**
 * Web Push: a browser's PushSubscription as `subscription.toJSON()` gives it, and the player's
 * push preferences. The endpoint is only stored here; the server never fetches it on subscribe
 * (features/push/sender.ts checks where it points when sending).
 */

/** Most devices a player may subscribe; the oldest goes when another one subscribes. */
export const MAX_PUSH_SUBSCRIPTIONS = 10;
/** Push service endpoints are a few hundred characters; this bounds what we store and send to. */
export const MAX_PUSH_ENDPOINT_LENGTH = 1024;

const base64url = (len: number, what: string) =>
  z.string({ error: `The subscription has no ${what}.` }).regex(new RegExp(`^[A-Za-z0-9_-]{${len}}={0,2}$`), {
    error: `The subscription's ${what} is not valid.`,
  });

export const pushEndpointSchema = z
  .string({ error: 'The subscription has no endpoint.' })
  .max(MAX_PUSH_ENDPOINT_LENGTH, { error: 'The subscription endpoint is too long.' })
  .refine(
    (s) => {
      try {
        const u = new URL(s);
        return u.protocol === 'https:' && u.username === '' && u.password === '';
      } catch {
        return false;
      }
    },
    { error: 'The subscription endpoint must be an https:// address.' },
  );

export const pushSubscriptionSchema = z.object({
  endpoint: pushEndpointSchema,
  expirationTime: z.number().nullable().optional(),
  keys: z.object({
    /** The browser's P-256 public key, uncompressed (65 bytes). */
    p256dh: base64url(87, 'key'),
    /** The 16-byte authentication secret. */
    auth: base64url(22, 'secret'),
  }),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionSchema>;

export const pushUnsubscribeSchema = z.object({ endpoint: pushEndpointSchema });

const clockTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: 'Use a time such as 22:00.' });

const pushPreferencesFields = z.object({
  picksMissing: z.boolean(),
  results: z.boolean(),
  goals: z.boolean(),
  leagueNews: z.boolean(),
  alsoEmail: z.boolean(),
  /** Quiet hours in `timeZone`; both null: none. */
  quietStart: clockTime.nullable(),
  quietEnd: clockTime.nullable(),
  timeZone: z
    .string()
    .max(64)
    .refine(
      (tz) => {
        try {
          new Intl.DateTimeFormat('en', { timeZone: tz });
          return true;
        } catch {
          return false;
        }
      },
      { error: 'That time zone is not known.' },
    )
    .nullable(),
});

export const pushPreferencesSchema = pushPreferencesFields
  .refine((p) => (p.quietStart === null) === (p.quietEnd === null), {
    error: 'Give quiet hours both a start and an end, or neither.',
    path: ['quietEnd'],
  })
  .refine((p) => p.quietStart === null || p.quietStart !== p.quietEnd, {
    error: 'Quiet hours need different start and end times.',
    path: ['quietEnd'],
  })
  .refine((p) => p.quietStart === null || p.timeZone !== null, {
    error: 'Quiet hours need a time zone.',
    path: ['timeZone'],
  });
export type PushPreferences = z.infer<typeof pushPreferencesSchema>;

// ---------------------------------------------------------------- responses

export const pushPreferencesDto = pushPreferencesFields.extend({
  devices: z.number().int().describe('How many devices of yours are subscribed'),
});
export type PushPreferencesDto = z.infer<typeof pushPreferencesDto>;

export const pushKeyDto = z.object({ publicKey: z.string() });

export const pushSubscribedDto = z.object({ subscribed: z.boolean() });

/** What a push message carries (the service worker shows it): nothing secret, no one's picks. */
export const pushPayload = z.object({ title: z.string(), body: z.string(), url: z.string() });
export type PushPayload = z.infer<typeof pushPayload>;
