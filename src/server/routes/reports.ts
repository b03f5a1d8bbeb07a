import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DateTime } from 'luxon';
import { z } from 'zod';
import { IdParams } from '../../api/common.js';
import { LIMITS } from '../../api/orders.js';
import { ClosureInput, ClosureReport, Report, ReportsQuery, SavedClosure } from '../../api/reports.js';
import { ADMIN, principalId } from '../../core/auth/principal.js';
import { reader } from '../../core/context.js';
import { InvalidError } from '../../core/errors.js';
import { runIdempotent } from '../../core/idempotency.js';
import { generalClosure, listClosures } from '../../core/reports/closure.js';
import { getReport, listReports } from '../../core/reports/queries.js';
import { completeReport } from '../../core/reports/report.js';
import type { CoreContext } from '../../core/context.js';
import { principalOf } from '../services.js';

/** Reports answer 400 with the message "Bad Request" exactly (interface §7); details say what was wrong. */
const config = { access: ADMIN, plainBadRequest: true };

/** A date is the start of that venue day; a date-time without an offset is venue time; with one, it is what it says. */
function instant(ctx: CoreContext, value: string): number {
  return value.length === 10 ? ctx.venue.startOfDay(value).getTime() : DateTime.fromISO(value, { zone: ctx.venue.timezone }).toMillis();
}

const reportRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app.services;
  const tags = ['reports'];

  app.get('/v1/reports', { config, schema: { tags, querystring: ReportsQuery, response: { 200: z.array(Report) } } }, async (request) => {
    const from = instant(ctx, request.query.from);
    const to = request.query.to === undefined ? undefined : instant(ctx, request.query.to);
    if (to !== undefined && to <= from) throw new InvalidError('`to` must be after `from`', [{ path: 'querystring.to', message: 'must be after from' }]);
    return listReports(ctx, { from, to, groupBy: request.query.groupBy });
  });

  app.get('/v1/reports/closures', { config, schema: { tags, response: { 200: z.array(SavedClosure) } } }, () => listClosures(reader(ctx)));

  app.get('/v1/reports/:id', { config, schema: { tags, params: IdParams, response: { 200: Report } } }, (request) => getReport(ctx, request.params.id));

  app.post(
    '/v1/reports/general-closure',
    {
      config,
      schema: {
        tags,
        headers: z.object({ 'idempotency-key': z.string().min(1).max(LIMITS.idempotencyKey).optional() }),
        body: ClosureInput,
        response: { 201: ClosureReport },
      },
    },
    async (request, reply) => {
      const actor = principalOf(request);
      const key = request.headers['idempotency-key'];
      const result = await runIdempotent(
        ctx,
        { principal: principalId(actor), endpoint: 'POST /v1/reports/general-closure', key: typeof key === 'string' ? key : undefined, body: request.body },
        async (trx) => ({ statusCode: 201, body: await generalClosure(trx, ctx, request.body.cashRegister, actor) }),
      );
      if (result.replayed) reply.header('idempotent-replayed', 'true');
      // A closure stored before release 1.7 lacks its newer figures: derived from its own (completeReport).
      const body = result.body as z.infer<typeof ClosureReport>;
      return reply.code(201).send(result.replayed ? { ...completeReport(body), cashRegisterId: body.cashRegisterId } : body);
    },
  );
};

export default reportRoutes;
