import { z } from 'zod';
import { Banner } from './banners.js';

export const DisplayOrder = z.object({
  id: z.number().int(),
  ticketNumber: z.number().int().nullable(),
  displayCode: z.string(),
  /** When it went to the kitchen (preparing) or came out of it (ready). */
  since: z.string(),
});

export const DisplayState = z.object({
  preparing: z.array(DisplayOrder),
  ready: z.array(DisplayOrder),
  banners: z.array(Banner),
  /** The event stream position this state includes: subscribe from here and nothing is missed or doubled. */
  lastEventId: z.number().int(),
});
export type DisplayState = z.infer<typeof DisplayState>;
