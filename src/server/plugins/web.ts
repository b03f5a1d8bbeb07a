import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { UnavailableError } from '../../core/errors.js';
import { PACKAGE_ROOT } from '../../version.js';

// The browser apps built by `npm run build` (Vite, src/web) into dist/web: the till at /, the TV at /display
// (routes/display.ts), the kitchen screen at /kitchen, the waiter's phone at /waiter; and the customers' menu at
// /menu, built on its own into dist/menu-page (docs/menu-page.md).
// Everything comes from the appliance; the policy below keeps it so (no inline script, nothing from outside).

export const WEB_ROOT = join(PACKAGE_ROOT, 'dist', 'web');
/** The customers' menu page: one script and one style (vite.menu-page.config.ts), also poured into `pos menu-page`. */
const MENU_PAGE_ROOT = join(PACKAGE_ROOT, 'dist', 'menu-page');

const PAGE_POLICY =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'self'";

/** The security headers of every page the server sends: the web apps, and /docs (plugins/docs.ts). */
export const PAGE_HEADERS = {
  'content-security-policy': PAGE_POLICY,
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
} as const;

declare module 'fastify' {
  interface FastifyReply {
    /** Sends one page of the web build (an HTML file under dist/web) with the page policy, never cached. */
    sendWebPage(file: string): FastifyReply;
  }
}

const AssetParams = z.object({ file: z.string().regex(/^[A-Za-z0-9._-]+$/, 'must be an asset file name') });

async function webPlugin(app: FastifyInstance): Promise<void> {
  // Serving is done by the routes below (each declares its access); the plugin only lends reply.sendFile.
  // preCompressed: the build writes each file also as .br and .gz; a browser that takes them gets those.
  await app.register(fastifyStatic, {
    root: WEB_ROOT,
    serve: false,
    decorateReply: true,
    dotfiles: 'deny',
    index: false,
    preCompressed: true,
  });

  app.decorateReply('sendWebPage', function (this: FastifyReply, file: string) {
    if (!existsSync(join(WEB_ROOT, file))) throw new UnavailableError('The web build is missing: run `npm run build`');
    return this.header('cache-control', 'no-cache')
      .headers(PAGE_HEADERS)
      .header('vary', 'accept-encoding')
      .sendFile(file, WEB_ROOT, { cacheControl: false });
  });

  app.get('/', { config: { access: 'public' }, schema: { hide: true } }, (_request, reply) =>
    reply.sendWebPage('index.html'),
  );
  // The page holds nothing secret: it logs in, or calls the API with the kitchen key of its address (?key=...).
  app.get('/kitchen', { config: { access: 'public' }, schema: { hide: true } }, (_request, reply) =>
    reply.sendWebPage('kitchen/index.html'),
  );

  // The waiter's phone: it logs in like the till (docs/waiter.md).
  app.get('/waiter', { config: { access: 'public' }, schema: { hide: true } }, (_request, reply) =>
    reply.sendWebPage('waiter/index.html'),
  );

  // The customers' menu on the venue's Wi-Fi (docs/menu-page.md): no login, it reads GET /v1/public/menu.
  app.get('/menu', { config: { access: 'public' }, schema: { hide: true } }, (_request, reply) => {
    if (!existsSync(join(MENU_PAGE_ROOT, 'index.html')))
      throw new UnavailableError('The web build is missing: run `npm run build`');
    return reply
      .header('cache-control', 'no-cache')
      .headers(PAGE_HEADERS)
      .header('vary', 'accept-encoding')
      .sendFile('index.html', MENU_PAGE_ROOT, { cacheControl: false });
  });
  // Fixed names (a single file must be able to take them in): revalidated, not kept for good.
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/menu-page/:file',
      { config: { access: 'public' }, schema: { hide: true, params: AssetParams } },
      (request, reply) =>
        reply
          .header('x-content-type-options', 'nosniff')
          .header('vary', 'accept-encoding')
          .header('cache-control', 'no-cache')
          .sendFile(request.params.file, MENU_PAGE_ROOT, { cacheControl: false }),
    );

  // Hashed file names: a new build has new names, so a tablet may keep these for good.
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/assets/:file',
      { config: { access: 'public' }, schema: { hide: true, params: AssetParams } },
      (request, reply) =>
        reply
          .header('x-content-type-options', 'nosniff')
          .header('vary', 'accept-encoding')
          .sendFile(request.params.file, join(WEB_ROOT, 'assets'), { maxAge: '365d', immutable: true }),
    );
}

export default fp(webPlugin, { name: 'web', dependencies: ['errors', 'auth'] });
