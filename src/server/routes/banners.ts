import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { Banner, BannerInput, MAX_IMAGE_BYTES } from '../../api/banners.js';
import { IdParams } from '../../api/common.js';
import { ADMIN, type Access } from '../../core/auth/principal.js';
import {
  createBanner,
  deleteBanner,
  getBanner,
  listBanners,
  replaceBanner,
  setBannerImage,
  toBanner,
} from '../../core/catalog/banners.js';
import { AppError, InvalidError, PayloadTooLargeError } from '../../core/errors.js';

/** Staff and display boards (`display` key) read the banners. */
const READ: Access = { roles: ['admin', 'operator'], scopes: ['display'] };

/** An absolute address of an uploaded file, as the caller reached this server (a tablet gets a LAN address). */
function uploadUrl(request: FastifyRequest) {
  return (file: string) => `${request.protocol}://${request.host}/uploads/${encodeURIComponent(file)}`;
}

/**
 * The bytes of the one file field `image`. A body the multipart parser gives up on (no boundary, cut short) is the
 * client's mistake: 400, not 500. Errors that carry their own status (413 past the size limit) keep it.
 */
async function readImage(request: FastifyRequest): Promise<Buffer> {
  try {
    const file = await request.file();
    if (!file)
      throw new InvalidError('Send the image as a file field named "image"', [
        { path: 'body.image', message: 'missing' },
      ]);
    if (file.fieldname !== 'image') {
      throw new InvalidError(`Send the image in a field named "image" (got "${file.fieldname}")`, [
        { path: `body.${file.fieldname}`, message: 'unexpected field' },
      ]);
    }
    const bytes = await file.toBuffer(); // 413 past the size limit, when the parser says so in time
    // The parser marks the file cut short when a piece arrives past the limit, but toBuffer looks at that mark only
    // as each piece comes in: when the pieces before reach exactly 5 MiB and the rest adds nothing to the file, it
    // hands over the first 5 MiB as if whole. The mark, read once the file is done, is the answer.
    if (file.file.truncated) {
      throw new PayloadTooLargeError(`The image is larger than ${MAX_IMAGE_BYTES / 1024 / 1024} MiB`);
    }
    return bytes;
  } catch (error) {
    if (error instanceof AppError || typeof (error as { statusCode?: unknown }).statusCode === 'number') throw error;
    throw new InvalidError('The body is not valid multipart/form-data', [
      { path: 'body', message: (error as Error).message },
    ]);
  }
}

const bannerRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx, dataDir } = app.services;
  const tags = ['banners'];
  const write = { access: ADMIN };

  app.get(
    '/v1/banners',
    { config: { access: READ }, schema: { tags, response: { 200: z.array(Banner) } } },
    async (request) => (await listBanners(ctx)).map((row) => toBanner(row, uploadUrl(request))),
  );
  app.get(
    '/v1/banners/:id',
    { config: { access: READ }, schema: { tags, params: IdParams, response: { 200: Banner } } },
    async (request) => toBanner(await getBanner(ctx, request.params.id), uploadUrl(request)),
  );
  app.post(
    '/v1/banners',
    { config: write, schema: { tags, body: BannerInput, response: { 201: Banner } } },
    async (request, reply) => reply.code(201).send(toBanner(await createBanner(ctx, request.body), uploadUrl(request))),
  );
  app.put(
    '/v1/banners/:id',
    { config: write, schema: { tags, params: IdParams, body: BannerInput, response: { 200: Banner } } },
    async (request) => toBanner(await replaceBanner(ctx, request.params.id, request.body), uploadUrl(request)),
  );
  app.patch(
    '/v1/banners/:id/image',
    {
      config: write,
      schema: {
        tags,
        params: IdParams,
        consumes: ['multipart/form-data'],
        description: 'multipart/form-data with one file field `image` (PNG or JPEG, at most 5 MiB)',
        response: { 200: Banner },
      },
    },
    async (request) => {
      const bytes = await readImage(request);
      return toBanner(await setBannerImage(ctx, dataDir.uploads, request.params.id, bytes), uploadUrl(request));
    },
  );
  app.delete('/v1/banners/:id', { config: write, schema: { tags, params: IdParams } }, async (request, reply) => {
    await deleteBanner(ctx, dataDir.uploads, request.params.id);
    return reply.code(204).send();
  });
};

export default bannerRoutes;
