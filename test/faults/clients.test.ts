import { readFileSync } from 'node:fs';
import { Agent } from 'node:http';
import { join } from 'node:path';
import t from 'tap';
import { TokenService } from '../../src/core/auth/tokens.js';
import { systemClock } from '../../src/core/clock.js';
import { openStorage } from '../../src/storage/database.js';
import { readSecret, resolveDataDir } from '../../src/storage/data-dir.js';
import { tempDir } from '../helpers/app.js';
import { allOf, everyOf } from '../helpers/assert.js';
import { seedMenuRows } from '../helpers/seed.js';
import { runPos, startRealServer } from '../helpers/server.js';
import {
  CHURN_KINDS,
  type ChurnKind,
  churnOnce,
  heldClientPorts,
  httpJson,
  openFds,
  openNeverReading,
  percentile,
  type RawSubscriber,
  rssMb,
} from '../helpers/raw-clients.js';
import { openSse } from '../helpers/sse.js';
import { sleep, waitFor } from '../helpers/wait.js';

// Slow and dead clients, against the real `pos serve`. While orders are confirmed at a steady rate:
// 20 SSE subscribers read their response head and then never read again (10 on `printer`, whose frames carry the
// whole order and overflow the hub's 4 MiB cap, 10 on `display`, which stay under it), and 1,000 clients connect and
// drop in 5 waves of 200 (mid-request, right after the request, right after the response head, mid-stream with a
// RST, and mid-replay). One well-behaved display subscriber must get every confirmation, in order, once, on time;
// the server's memory and open sockets must come back; /health must answer promptly at the end.

t.setTimeout(90_000); // a bound, not the budget: the file takes about 25 s on a loaded 2-core machine

const NEVER_READING_PER_CHANNEL = 10;
const WAVES = 5;
const PER_WAVE = 200;
const ORDER_EVERY_MS = 40;
const SELLERS = 3; // orders in flight at most
const ITEMS_PER_ORDER = 100; // LIMITS.itemsPerOrder: ≈ 35 KB per printer frame
const LATENCY_BOUND_MS = 2000;
const RSS_GROWTH_BOUND_MB = 40;

t.test(
  'B3: subscribers that never read and 1,000 clients that connect and drop leave memory flat and others on time',
  async (t) => {
    const began = Date.now();
    const dataDir = tempDir(t);
    const server = await startRealServer(t, dataDir);
    const pid = server.process.pid as number;
    const storage = openStorage(join(dataDir, 'pos.db'));
    const menu = await seedMenuRows(storage.db, Date.now());
    await storage.close();
    const token = runPos(['token', 'create', '--role', 'operator', '--data-dir', dataDir]).stdout.trim();
    t.ok(token.length > 20, 'an operator token');
    // One credential holds at most 20 streams (docs/api.md): each subscriber here is its own device, with its own token.
    const tokens = new TokenService(readSecret(resolveDataDir(dataDir)) as Uint8Array, systemClock);
    let minted = 0;
    const streamToken = async () =>
      (
        await tokens.issue({
          subject: `token:stream-${++minted}`,
          userId: null,
          name: `stream ${minted}`,
          role: 'operator',
          ttlSeconds: 3600,
        })
      ).token;
    const orderAgent = new Agent({ keepAlive: true, maxSockets: SELLERS });
    t.teardown(() => orderAgent.destroy());
    await sleep(300);
    const fdsIdle = openFds(pid);
    // Sockets this test did not open (the keep-alive connection of the start-up health check) are not its business.
    const heldIdle = heldClientPorts(pid, server.port);

    // The well-behaved subscriber, parsing the byte stream.
    const good = await openSse(`${server.url}/events/display`, { authorization: `Bearer ${await streamToken()}` });
    t.teardown(() => good.close());
    t.equal(good.status, 200, 'the well-behaved subscriber is connected');
    const arrivedAt = new Map<number, number>();
    let goodSeen = 0;
    const watchGood = setInterval(() => {
      for (; goodSeen < good.events.length; goodSeen++) {
        const event = good.events[goodSeen]!;
        if (event.event === 'confirmed-order') arrivedAt.set((JSON.parse(event.data) as { id: number }).id, Date.now());
      }
    }, 5);
    t.teardown(() => clearInterval(watchGood));

    // 20 subscribers that stop reading right after their opening frame.
    const neverReading: Record<'printer' | 'display', RawSubscriber[]> = { printer: [], display: [] };
    for (const channel of ['printer', 'display'] as const) {
      for (let i = 0; i < NEVER_READING_PER_CHANNEL; i++) {
        const subscriber = await openNeverReading(server.port, `/events/${channel}`, await streamToken());
        t.teardown(() => subscriber.socket.destroy());
        neverReading[channel].push(subscriber);
      }
    }
    const subscribers = [...neverReading.printer, ...neverReading.display];
    t.equal(subscribers.length, 2 * NEVER_READING_PER_CHANNEL, 'a never-reading subscriber per device on each channel');
    everyOf(t, subscribers, (s) => s.status === 200, '20 subscribers connected, then stopped reading');
    const portOf = (s: RawSubscriber) => s.socket.localPort as number;
    const held = heldClientPorts(pid, server.port);
    everyOf(t, subscribers, (s) => held.has(portOf(s)), 'the server holds a socket to each of them');

    // Orders confirmed at a steady rate (a few in flight at once) until told to stop; each as large as the API allows,
    // so that the printer channel's frames (≈ 45 KB) fill the kernel's buffers (≈ 4 MB) and then the hub's 4 MiB.
    const notes = 'n'.repeat(200);
    const foods = [menu.foods.margherita, menu.foods.beer, menu.foods.tiramisu, menu.foods.diavola];
    const confirmed: Array<{ id: number; answeredAt: number; sentAt: number }> = [];
    const orderErrors: string[] = [];
    let selling = true;
    t.teardown(() => (selling = false));
    const sell = async (i: number) => {
      const sentAt = Date.now();
      try {
        const response = await httpJson(server.port, orderAgent, 'POST', '/v1/orders', token, {
          table: String(i % 40),
          customer: `Cliente ${i}`,
          orderItems: Array.from({ length: ITEMS_PER_ORDER }, (_, k) => ({
            foodId: foods[k % foods.length],
            quantity: 1 + (k % 3),
            notes,
          })),
          confirm: { paymentMethod: 'CASH', cashRegisterId: menu.register },
        });
        if (response.status === 201)
          confirmed.push({ id: response.json.id as number, answeredAt: response.at, sentAt });
        else orderErrors.push(`${response.status} ${JSON.stringify(response.json)}`);
      } catch (error) {
        orderErrors.push((error as Error).message);
      }
    };
    const seller = (async () => {
      const inFlight = new Set<Promise<void>>();
      const sellUntil = Date.now() + 45_000;
      for (let i = 0; selling && Date.now() < sellUntil; i++) {
        const tickStart = Date.now();
        if (inFlight.size < SELLERS) {
          const run = sell(i).finally(() => inFlight.delete(run));
          inFlight.add(run);
        }
        await sleep(Math.max(0, ORDER_EVERY_MS - (Date.now() - tickStart)));
      }
      await Promise.all(inFlight);
    })();

    // 1,000 connect-then-drop cycles in waves of 200, all at once within a wave.
    await waitFor('the first confirmations', () => confirmed.length >= 3, { timeoutMs: 10_000, intervalMs: 100 });
    const replayFrom = Math.max(0, Number(good.lastEventId()) - 30);
    let rssAfterWarmUp = 0;
    const statusCounts: Record<string, number> = {};
    const waveTimes: number[] = [];
    const headTimes: string[] = [];
    const churnWave = async () => {
      const waveStart = Date.now();
      const statuses = await Promise.all(
        Array.from({ length: PER_WAVE }, (_, i) => {
          const kind = CHURN_KINDS[i % CHURN_KINDS.length] as ChurnKind;
          // Spread over four addresses, as tablets are: one address may hold at most 256 connections, and a wave's
          // 200 come on top of the subscribers and of the last wave's sockets the server has not seen close yet.
          const from = `127.0.0.${10 + (i % 4)}`;
          return streamToken()
            .then((own) => churnOnce(server.port, own, kind, replayFrom, from))
            .then((outcome) => ({ kind, ...outcome }));
        }),
      );
      waveTimes.push(Date.now() - waveStart);
      const heads = statuses.filter((s) => s.headMs >= 0).map((s) => s.headMs);
      headTimes.push(`p50 ${percentile(heads, 50)} max ${Math.max(...heads)}`);
      for (const { kind, status } of statuses)
        statusCounts[`${kind} ${status}`] = (statusCounts[`${kind} ${status}`] ?? 0) + 1;
    };
    await churnWave(); // the warm-up wave

    // The printer subscribers fall more than 4 MiB behind and are cut off; keep selling until they are (bounded).
    await waitFor(
      'the hub to drop the never-reading printer subscribers',
      () => {
        const stillHeld = heldClientPorts(pid, server.port);
        return allOf(neverReading.printer, (s) => !stillHeld.has(portOf(s)));
      },
      { timeoutMs: 30_000, intervalMs: 100 },
    );
    const dropAfter = confirmed.length;
    t.comment(
      `the printer subscribers were dropped after ${dropAfter} orders, ${((Date.now() - began) / 1000).toFixed(1)} s in`,
    );

    // Memory is measured from here: the 10 × 4 MiB the hub held by design for the printer subscribers before it cut
    // them off are behind us (the allocator need not give those pages back), so what grows from now on is a leak.
    await sleep(500);
    rssAfterWarmUp = rssMb(pid);
    t.comment(
      `after the warm-up wave and the cut-off: RSS ${rssAfterWarmUp.toFixed(1)} MB, ${openFds(pid)} fds (idle ${fdsIdle}), ${confirmed.length} orders`,
    );
    for (let wave = 1; wave < WAVES; wave++) await churnWave();
    t.comment(`waves took ${waveTimes.join(', ')} ms; response heads (ms) ${headTimes.join('; ')}`);
    t.comment(`outcomes ${JSON.stringify(statusCounts)}`);
    for (const kind of ['after-head', 'mid-stream-rst', 'mid-replay'] as const) {
      t.equal(
        statusCounts[`${kind} 200`],
        (WAVES * PER_WAVE) / CHURN_KINDS.length,
        `every ${kind} client got its 200 and stream before dropping`,
      );
    }

    selling = false;
    await seller;
    t.comment(`${confirmed.length} orders in all`);
    t.same(orderErrors, [], 'every order was confirmed');
    const stillHeld = heldClientPorts(pid, server.port);
    everyOf(
      t,
      neverReading.display,
      (s) => stillHeld.has(portOf(s)),
      'the never-reading display subscribers, under the cap, are still connected',
    );
    confirmed.sort((a, b) => a.id - b.id);

    // The well-behaved subscriber: every confirmation, once, in order, on time.
    await waitFor(
      'every confirmation at the well-behaved subscriber',
      () => allOf(confirmed, (order) => arrivedAt.has(order.id)),
      { timeoutMs: 10_000, intervalMs: 100 },
    );
    const displayIds = good.events
      .filter((e) => e.event === 'confirmed-order')
      .map((e) => (JSON.parse(e.data) as { id: number }).id);
    t.same(
      displayIds,
      confirmed.map((order) => order.id),
      'every confirmation arrived exactly once, in order',
    );
    const latencies = confirmed.map((order) => Math.max(0, (arrivedAt.get(order.id) as number) - order.answeredAt));
    const sinceSent = confirmed.map((order) => (arrivedAt.get(order.id) as number) - order.sentAt);
    t.comment(
      `frame after the 201: p50 ${percentile(latencies, 50)} ms, p99 ${percentile(latencies, 99)} ms, max ${Math.max(...latencies)} ms; ` +
        `after the request was sent: max ${Math.max(...sinceSent)} ms`,
    );
    t.ok(Math.max(...latencies) < LATENCY_BOUND_MS, `each frame within ${LATENCY_BOUND_MS} ms of its confirmation`);

    // Memory: flat from the warm-up wave to the end.
    await sleep(1000);
    const rssAtEnd = rssMb(pid);
    t.comment(
      `RSS ${rssAfterWarmUp.toFixed(1)} MB after the warm-up wave and the cut-off, ${rssAtEnd.toFixed(1)} MB after 800 more clients and the rest of the orders`,
    );
    t.ok(rssAtEnd - rssAfterWarmUp < RSS_GROWTH_BOUND_MB, `RSS grew less than ${RSS_GROWTH_BOUND_MB} MB`);

    // The printer subscribers were cut off by the server: once they read again, their stream ends, short.
    for (const subscriber of neverReading.printer) subscriber.resume();
    await waitFor('the cut-off printer streams to end', () => allOf(neverReading.printer, (s) => s.closed()), {
      timeoutMs: 10_000,
      intervalMs: 100,
    });
    const printerCounts = neverReading.printer.map((s) => s.events.filter((e) => e.event === 'confirmed-order').length);
    everyOf(
      t,
      printerCounts,
      (n) => n < confirmed.length,
      `the printer subscribers' streams were cut short (${printerCounts.join(', ')} of ${confirmed.length})`,
    );

    // The display subscribers stayed under the cap: once they read, every confirmation is there, once, in order.
    for (const subscriber of neverReading.display) subscriber.resume();
    const displayOf = (s: RawSubscriber) =>
      s.events.filter((e) => e.event === 'confirmed-order').map((e) => (JSON.parse(e.data) as { id: number }).id);
    await waitFor(
      'the slow display subscribers to catch up',
      () => allOf(neverReading.display, (s) => displayOf(s).length >= confirmed.length),
      { timeoutMs: 10_000, intervalMs: 100 },
    );
    everyOf(
      t,
      neverReading.display,
      (s) => !s.closed() && JSON.stringify(displayOf(s)) === JSON.stringify(displayIds),
      'the slow display subscribers were kept and lost nothing',
    );

    // Health answers promptly; with every client gone, the server's sockets are back to the idle count.
    const healthStart = Date.now();
    const health = await httpJson(server.port, false, 'GET', '/health', null);
    const healthMs = Date.now() - healthStart;
    t.equal(health.status, 200, `/health answers (${healthMs} ms)`);
    t.ok(healthMs < 1000, '/health answers within 1 s');
    for (const subscriber of [...neverReading.printer, ...neverReading.display]) subscriber.socket.destroy();
    good.close();
    orderAgent.destroy();
    let fdsAtEnd = 0;
    let heldAtEnd = new Set<number>();
    try {
      await waitFor(
        'the server to close every client socket',
        () => {
          fdsAtEnd = openFds(pid);
          heldAtEnd = heldClientPorts(pid, server.port);
          for (const port of heldIdle) heldAtEnd.delete(port);
          return fdsAtEnd <= fdsIdle + 2 && heldAtEnd.size === 0;
        },
        { timeoutMs: 10_000, intervalMs: 100 },
      );
    } catch (error) {
      const known = new Map<number, string>();
      neverReading.printer.forEach((s) => known.set(portOf(s), 'never-reading printer'));
      neverReading.display.forEach((s) => known.set(portOf(s), 'never-reading display'));
      t.comment(
        `still held: ${[...heldAtEnd].map((port) => `${port} (${known.get(port) ?? '?'})`).join(', ')}; fds ${fdsAtEnd}`,
      );
      t.comment(
        readFileSync(`/proc/${pid}/net/tcp`, 'utf8')
          .split('\n')
          .filter((line) => line.includes(`:${server.port.toString(16).toUpperCase().padStart(4, '0')} `))
          .join('\n'),
      );
      throw error;
    }
    t.pass(`open fds back to ${fdsAtEnd} (idle ${fdsIdle})`);
    t.comment(`took ${((Date.now() - began) / 1000).toFixed(1)} s`);
  },
);
