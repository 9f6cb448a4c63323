import { z } from 'zod';

/**
 * A change on the live event stream (GET /api/events, Server-Sent Events named `change`): `keys`
 * are the TanStack Query keys every open page invalidates (DESIGN: events carry query keys).
 */
export const queryKeyDto = z.array(z.union([z.string(), z.number()]));
export type QueryKey = z.infer<typeof queryKeyDto>;
export const liveEventDto = z.object({ type: z.string(), keys: z.array(queryKeyDto).optional() });
export type LiveEventPayload = z.infer<typeof liveEventDto>;

/** The stream itself. */
export const eventStream = z.string().describe('text/event-stream');
