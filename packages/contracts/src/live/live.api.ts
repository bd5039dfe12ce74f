import { z } from 'zod';
import type { TPermission } from '../permissions.js';

/**
 * Live screens (docs/decisions.md, "Live screens"). A topic names what changed: a board's rows. The server notifies a topic when
 * the writing transaction commits (PostgreSQL NOTIFY from a trigger on the board's tables), so every API
 * process hears every change, whichever process made it.
 */
export const LIVE_TOPICS = ['committed-sales', 'committed-transfers', 'pick-lists', 'reviews'] as const;
export const ZLiveTopicSchema = z.enum(LIVE_TOPICS);
export type TLiveTopic = z.infer<typeof ZLiveTopicSchema>;

/** The permission a subscriber needs per topic: the one of the screen that shows it (001 §2, §6). */
export const LIVE_TOPIC_PERMISSION = {
  'committed-sales': 'boards:view',
  'committed-transfers': 'boards:view',
  'pick-lists': 'boards:view',
  /** Review moderation (docs/decisions.md, "Review moderation"): fed by the review store's subscription, whichever store is configured. */
  reviews: 'dev-route:view',
} as const satisfies Record<TLiveTopic, TPermission>;

/** The server-sent event stream: `GET` with the bearer token, `text/event-stream`. */
export const LIVE_EVENTS_PATH = '/api/live/events';

/** `?topics=committed-sales,committed-transfers`: one or more topics, comma separated, each at most once. */
export const ZLiveEventsQuerySchema = z.object({
  topics: z
    .string()
    .max(200)
    .transform((text) =>
      text
        .split(',')
        .map((topic) => topic.trim())
        .filter(Boolean),
    )
    .pipe(
      z
        .array(ZLiveTopicSchema)
        .min(1, 'name at least one topic')
        .refine((list) => new Set(list).size === list.length, 'a topic is named twice'),
    ),
});

/**
 * The stream's events (`event:` name, `data:` JSON):
 * - `ready` once the server listens for the topics: `{ topics }`; a change after it is never missed;
 * - `change` when a topic's rows changed: `{ topic, at }` (the server's time, ISO 8601 UTC);
 * - `resync` after the server lost and regained its database listener: changes may have been missed, so a
 *   screen reloads its topics' data.
 * A comment line (`: keep-alive`) is sent every 15 s so proxies and idle timeouts keep the stream open.
 */
export const ZLiveReadyEventSchema = z.object({ topics: z.array(ZLiveTopicSchema) });
export const ZLiveChangeEventSchema = z.object({ topic: ZLiveTopicSchema, at: z.string() });
export type TLiveChangeEvent = z.infer<typeof ZLiveChangeEventSchema>;
