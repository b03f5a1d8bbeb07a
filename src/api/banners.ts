import { z } from 'zod';
import { isoDateTime, optionalText, text } from './common.js';
import { BANNER_TYPES } from './enums.js';

export const BannerType = z.enum(BANNER_TYPES);

const webUrl = z
  .string()
  .trim()
  .max(500)
  .refine(
    (value) => value === '' || /^https?:\/\/[^\s/$.?#][^\s]*$/i.test(value),
    'must be an http:// or https:// address (or empty)',
  );

/** A social handle or page name, not a link to somewhere else (an http(s) link to the page is tolerated). */
const handle = z
  .string()
  .trim()
  .max(100, 'must be at most 100 characters')
  .refine(
    (value) => !/^[a-z][a-z0-9+.-]*:/i.test(value) || /^https?:\/\//i.test(value),
    'must be a plain handle (no javascript:, data: or other links)',
  );

/** 3 or 6 hex digits; a leading # is accepted and removed. */
const color = z
  .string()
  .trim()
  .transform((value) => value.replace(/^#/, ''))
  .pipe(z.string().regex(/^([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/, 'must be a colour of 3 or 6 hex digits, such as ff8800'));

export const BannerInput = z.object({
  name: text(100),
  type: BannerType,
  title: text(200),
  description: optionalText(500),
  website: webUrl,
  social1: handle,
  social2: handle,
  color,
  dateTime: isoDateTime,
  active: z.boolean(),
});
export type BannerInput = z.infer<typeof BannerInput>;

export const Banner = z.object({
  id: z.string(),
  name: z.string(),
  type: BannerType,
  title: z.string(),
  description: z.string(),
  website: z.string(),
  social1: z.string(),
  social2: z.string(),
  image: z.string().nullable(),
  color: z.string(),
  dateTime: z.string(),
  active: z.boolean(),
});
export type Banner = z.infer<typeof Banner>;

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
