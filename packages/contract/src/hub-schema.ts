import { z } from 'zod';
import { HUB_NOTIFICATION_TYPES, type HubNotification } from './hub.ts';
import { utcTimestamp } from './timestamps.ts';

/** The hub's payload as a schema, for the server's tests and the API's tools (the browser uses readHubNotification). */
export const hubNotificationSchema = z.object({
  type: z.enum(HUB_NOTIFICATION_TYPES),
  buddyName: z.string(),
  serverName: z.string(),
  mapName: z.string(),
  oldMapName: z.string(),
  joinLink: z.string(),
  timestamp: utcTimestamp,
  message: z.string(),
  serverGuid: z.string(),
}) satisfies z.ZodType<HubNotification>;
