import { randomBytes } from 'node:crypto';
import { rmSync, writeFileSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import type { Banner, BannerInput } from '../../api/banners.js';
import { engineOf } from '../../storage/engine.js';
import type { BannerRow } from '../../storage/schema.js';
import { type CoreContext, reader, write } from '../context.js';
import { InvalidError, NotFoundError } from '../errors.js';

/** A stored banner as the API shows it; `imageUrl` turns a stored file name into an address the caller can reach. */
export function toBanner(row: BannerRow, imageUrl: (file: string) => string): Banner {
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    title: row.title,
    description: row.description,
    website: row.website,
    social1: row.social1,
    social2: row.social2,
    image: row.image_file === null ? null : imageUrl(row.image_file),
    color: row.color,
    dateTime: new Date(row.date_time).toISOString(),
    active: row.active === 1,
  };
}

export async function listBanners(ctx: CoreContext, options: { onlyActive?: boolean } = {}): Promise<BannerRow[]> {
  let query = reader(ctx).selectFrom('banners').selectAll();
  if (options.onlyActive) query = query.where('active', '=', 1);
  return query.orderBy('date_time').orderBy('name').execute();
}

export async function getBanner(ctx: CoreContext, id: string): Promise<BannerRow> {
  const row = await reader(ctx).selectFrom('banners').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw new NotFoundError('Banner not found');
  return row;
}

function fields(input: BannerInput) {
  return {
    name: input.name,
    type: input.type,
    title: input.title,
    description: input.description,
    website: input.website,
    social1: input.social1,
    social2: input.social2,
    color: input.color,
    date_time: Date.parse(input.dateTime),
    active: input.active ? 1 : 0,
  };
}

export async function createBanner(ctx: CoreContext, input: BannerInput): Promise<BannerRow> {
  const now = ctx.clock.now().getTime();
  const row: BannerRow = { id: ctx.newId(), ...fields(input), image_file: null, created_at: now, updated_at: now };
  await write(ctx, (trx) => trx.insertInto('banners').values(row).execute());
  return row;
}

/** Full replacement of the fields; the image is only changed through the image upload. */
export async function replaceBanner(ctx: CoreContext, id: string, input: BannerInput): Promise<BannerRow> {
  return write(ctx, async (trx) => {
    const before = await trx.selectFrom('banners').selectAll().where('id', '=', id).executeTakeFirst();
    if (!before) throw new NotFoundError('Banner not found');
    const row: BannerRow = { ...before, ...fields(input), updated_at: ctx.clock.now().getTime() };
    await trx.updateTable('banners').set(row).where('id', '=', id).execute();
    return row;
  });
}

/**
 * Whether banner images live in the database (PostgreSQL: every server on it serves the same ones) rather than in
 * the data dir's uploads folder (SQLite).
 */
export function imagesInDatabase(ctx: CoreContext): boolean {
  return engineOf(reader(ctx)) === 'postgres';
}

/** An image stored in the database, by its generated file name (undefined: no such image). */
export async function bannerImage(ctx: CoreContext, file: string): Promise<Buffer | undefined> {
  const row = await reader(ctx).selectFrom('banner_images').select('bytes').where('file', '=', file).executeTakeFirst();
  return row?.bytes;
}

export async function deleteBanner(ctx: CoreContext, uploadsDir: string, id: string): Promise<void> {
  const inDatabase = imagesInDatabase(ctx);
  const removed = await write(ctx, async (trx) => {
    const row = await trx.selectFrom('banners').select('image_file').where('id', '=', id).executeTakeFirst();
    if (!row) throw new NotFoundError('Banner not found');
    await trx.deleteFrom('banners').where('id', '=', id).execute();
    if (inDatabase && row.image_file)
      await trx.deleteFrom('banner_images').where('file', '=', row.image_file).execute();
    return row.image_file;
  });
  if (removed && !inDatabase) rmSync(join(uploadsDir, removed), { force: true });
}

/** The image kinds accepted, recognised by their first bytes (never by file name or declared type). */
function detectImageType(bytes: Buffer): 'png' | 'jpg' | null {
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpg';
  return null;
}

/**
 * Stores a new image for the banner: the file is written first under a generated name, then the database points to
 * it; the old file is removed only after the commit. Nothing of the upload's own name reaches the file system.
 */
export async function setBannerImage(
  ctx: CoreContext,
  uploadsDir: string,
  id: string,
  bytes: Buffer,
): Promise<BannerRow> {
  const type = detectImageType(bytes);
  if (!type)
    throw new InvalidError('The image must be a PNG or JPEG file', [
      { path: 'body.image', message: 'not a PNG or JPEG image' },
    ]);
  await getBanner(ctx, id); // 404 before writing anything
  const file = `${id}-${randomBytes(6).toString('hex')}.${type}`;
  const path = join(uploadsDir, file);
  const inDatabase = imagesInDatabase(ctx);
  if (!inDatabase) {
    writeFileSync(`${path}.partial`, bytes, { mode: 0o600 }); // private, as every file of the data dir
    renameSync(`${path}.partial`, path);
  }
  let previous: string | null = null;
  try {
    const row = await write(ctx, async (trx) => {
      const before = await trx.selectFrom('banners').selectAll().where('id', '=', id).executeTakeFirst();
      if (!before) throw new NotFoundError('Banner not found');
      previous = before.image_file;
      if (inDatabase) {
        await trx.insertInto('banner_images').values({ file, bytes, created_at: ctx.clock.now().getTime() }).execute();
        if (previous) await trx.deleteFrom('banner_images').where('file', '=', previous).execute();
      }
      const updated: BannerRow = { ...before, image_file: file, updated_at: ctx.clock.now().getTime() };
      await trx
        .updateTable('banners')
        .set({ image_file: file, updated_at: updated.updated_at })
        .where('id', '=', id)
        .execute();
      return updated;
    });
    if (previous && !inDatabase) rmSync(join(uploadsDir, previous), { force: true });
    return row;
  } catch (error) {
    if (!inDatabase) rmSync(path, { force: true });
    throw error;
  }
}
