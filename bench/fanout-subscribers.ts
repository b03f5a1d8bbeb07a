// A share of the display screens of the fan-out bench: K raw SSE connections in one process, each recording when
// every confirmed-order frame arrived. Latencies are computed here against the creation response times the parent
// sends at the end, and returned as a histogram (1 ms buckets), so nothing large crosses the IPC channel.
import { request } from 'node:http';
import { wallMs } from './lib/stats.js';

const [url, keyList, countText, perKeyText, firstText] = process.argv.slice(2) as [
  string,
  string,
  string,
  string,
  string,
];
/** One key per SCREENS_PER_KEY screens (a key holds at most that many streams); this process's screens start at FIRST. */
const keys = keyList.split(',');
const SCREENS_PER_KEY = Number(perKeyText);
const FIRST = Number(firstText);
const count = Number(countText);
const arrivals: Array<Map<number, number>> = [];
let opened = 0;
let failures = 0;
let readySent = false;
const streaming = new Set<number>();
/** Tells the parent once every screen is either streaming or given up on (a retried screen counts once). */
function reportWhenReady(): void {
  if (readySent || opened + failures < count) return;
  readySent = true;
  process.send?.({ ready: opened, failures });
}

/** Resolves once the stream answered (or finally failed): screens connect in waves, as a venue's would. */
function subscribe(index: number, attempt = 1): Promise<void> {
  const seen = arrivals[index] ?? new Map<number, number>();
  arrivals[index] = seen;
  return new Promise((settle) => {
    // Screens are tablets with addresses of their own: the server holds at most 256 connections per address, so a
    // thousand screens on this one machine come from several loopback addresses (Linux routes 127.0.0.0/8 to lo).
    const localAddress = `127.0.0.${10 + Math.floor((FIRST + index) / 200)}`;
    const key = keys[Math.floor((FIRST + index) / SCREENS_PER_KEY)] as string;
    const headers = { 'x-api-key': key, accept: 'text/event-stream' };
    const req = request(`${url}/events/display`, { agent: false, localAddress, headers }, (res) => {
      settle();
      if (res.statusCode !== 200) {
        process.stderr.write(`display subscriber: HTTP ${res.statusCode}\n`);
        failures++;
        reportWhenReady();
        res.resume();
        return;
      }
      let buffer = '';
      let counted = false;
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        const at = wallMs();
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) !== -1) {
          const frame = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (!counted) {
            counted = true;
            if (!streaming.has(index)) opened++;
            streaming.add(index);
            reportWhenReady();
          }
          if (!frame.includes('event: confirmed-order')) continue;
          const id = /"id":(\d+)/.exec(frame.slice(frame.indexOf('data: ')));
          if (id) seen.set(Number(id[1]), at);
        }
      });
    });
    req.on('error', (error) => {
      if (attempt < 5) {
        setTimeout(() => void subscribe(index, attempt + 1).then(settle), 200 * attempt);
        return;
      }
      process.stderr.write(`display subscriber: ${error.message}\n`);
      failures++;
      settle();
      reportWhenReady();
    });
    req.end();
  });
}

const WAVE = 50;
for (let first = 0; first < count; first += WAVE) {
  await Promise.all(Array.from({ length: Math.min(WAVE, count - first) }, (_, offset) => subscribe(first + offset)));
}

/** Waits (30 s at most) until every stream has seen every order: a late frame is slow, not missing. */
async function stragglers(responses: Array<[number, number]>): Promise<void> {
  const deadline = Date.now() + 30_000;
  let waiting = arrivals.filter((seen) => seen !== undefined);
  for (;;) {
    waiting = waiting.filter((seen) => !responses.every(([id]) => seen.has(id)));
    if (waiting.length === 0 || Date.now() > deadline) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

process.on('message', async (message: { responses: Array<[number, number]> }) => {
  await stragglers(message.responses);
  const histogram = new Array<number>(10_001).fill(0); // 0..10,000 ms; the last bucket holds everything slower
  let missing = 0;
  let early = 0;
  for (const seen of arrivals) {
    for (const [id, respondedAt] of message.responses) {
      const at = seen?.get(id);
      if (at === undefined) {
        missing++;
        continue;
      }
      // A frame can beat the HTTP response to the client: that is zero latency, not negative.
      if (at < respondedAt) early++;
      histogram[Math.min(10_000, Math.max(0, Math.round(at - respondedAt)))]!++;
    }
  }
  process.send?.({ histogram, missing, early }, () => process.exit(0));
});
