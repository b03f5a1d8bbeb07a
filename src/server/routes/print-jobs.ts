import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IdParams } from '../../api/common.js';
import { PrintJob, PrintJobParams, PrintJobsQuery, RetryInput } from '../../api/print-jobs.js';
import { ADMIN, STAFF } from '../../core/auth/principal.js';
import { listPrintJobs, printTestPage, retryPrintJob } from '../../core/printing/jobs.js';

const printJobRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app.services;
  const tags = ['print-jobs'];

  app.get(
    '/v1/print-jobs',
    { config: { access: STAFF }, schema: { tags, querystring: PrintJobsQuery, response: { 200: z.array(PrintJob) } } },
    (request) => listPrintJobs(ctx, request.query),
  );

  app.post(
    '/v1/print-jobs/:id/retry',
    {
      config: { access: STAFF },
      schema: { tags, params: PrintJobParams, body: RetryInput, response: { 200: PrintJob } },
    },
    (request) => retryPrintJob(ctx, request.params.id, request.body.printerId),
  );

  app.post(
    '/v1/printers/:id/test',
    { config: { access: ADMIN }, schema: { tags: ['printers'], params: IdParams, response: { 201: PrintJob } } },
    async (request, reply) => reply.code(201).send(await printTestPage(ctx, request.params.id)),
  );
};

export default printJobRoutes;
