import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DateTime } from 'luxon';
import { z } from 'zod';
import { IdParams } from '../../api/common.js';
import { ClosureInput, ClosureReport, Report, ReportsQuery, SavedClosure } from '../../api/reports.js';
import { ADMIN } from '../../core/auth/principal.js';
import { InvalidError } from '../../core/errors.js';
import { generalClosure, listClosures } from '../../core/reports/closure.js';
import { getReport, listReports } from '../../core/reports/queries.js';
import { completeReport } from '../../core/reports/report.js';
import type { CoreContext } from '../../core/context.js';
import { principalOf } from '../services.js';

/** Reports answer 400 with the message "Bad Request" exactly (docs/api.md, "Conventions"); details say what. */
const config = { access: ADMIN, plainBadRequest: true };

/** A date is the start of that venue day; a date-time without an offset is venue time; with one, it is what it says. */
function instant(ctx: CoreContext, value: string): number {
  return value.length === 10
    ? ctx.venue.startOfDay(value).getTime()
    : DateTime.fromISO(value, { zone: ctx.venue.timezone }).toMillis();
}

/** A closure stored by an older pos lacks the newer figures: derived from its own (completeReport). */
function currentClosure(stored: unknown) {
  const body = stored as z.input<typeof ClosureReport>;
  // Closures answered before the sessions existed listed none.
  return { ...completeReport(body), cashRegisterId: body.cashRegisterId, sessions: body.sessions ?? [] };
}

const reportRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app.services;
  const tags = ['reports'];

  app.get(
    '/v1/reports',
    { config, schema: { tags, querystring: ReportsQuery, response: { 200: z.array(Report) } } },
    async (request) => {
      const from = instant(ctx, request.query.from);
      const to = request.query.to === undefined ? undefined : instant(ctx, request.query.to);
      if (to !== undefined && to <= from)
        throw new InvalidError('`to` must be after `from`', [
          { path: 'querystring.to', message: 'must be after from' },
        ]);
      return listReports(ctx, { from, to, groupBy: request.query.groupBy });
    },
  );

  app.get('/v1/reports/closures', { config, schema: { tags, response: { 200: z.array(SavedClosure) } } }, () =>
    listClosures(ctx),
  );

  app.get('/v1/reports/:id', { config, schema: { tags, params: IdParams, response: { 200: Report } } }, (request) =>
    getReport(ctx, request.params.id),
  );

  app.post(
    '/v1/reports/general-closure',
    {
      config: { ...config, idempotent: { replay: currentClosure } },
      schema: { tags, body: ClosureInput, response: { 201: ClosureReport } },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await generalClosure(ctx, request.body.cashRegister, principalOf(request), request.idempotencyKey)),
  );
};

export default reportRoutes;
