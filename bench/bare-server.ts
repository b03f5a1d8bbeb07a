// The ceiling: a bare Fastify JSON POST route on the same machine, with nothing behind it.
import Fastify from 'fastify';

const app = Fastify();
app.post('/orders', async (request, reply) => {
  const body = request.body as { table?: string };
  return reply.code(201).send({ id: 1, table: body.table ?? null, status: 'CONFIRMED' });
});
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
process.stdout.write(`${JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 })}\n`);
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
