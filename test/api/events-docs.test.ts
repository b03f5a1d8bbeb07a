import t from 'tap';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { EVENT_CHANNELS, eventNames } from '../../src/api/events.js';
import { PACKAGE_ROOT } from '../../src/version.js';

// docs/api.md's event table is what integrators read: every event of every channel union is documented on its
// channels, and the table lists nothing the unions do not carry.

const docs = readFileSync(join(PACKAGE_ROOT, 'docs/api.md'), 'utf8');

function documentedEvents(): Set<string> {
  const section = docs.slice(docs.indexOf('\n### Events\n'));
  const lines = section.split('\n');
  const start = lines.findIndex((line) => line.startsWith('|'));
  const end = lines.findIndex((line, index) => index > start && !line.startsWith('|'));
  const rows = lines.slice(start + 2, end); // past the header and its rule
  const pairs = new Set<string>();
  for (const row of rows) {
    const [channels, event] = row
      .split('|')
      .slice(1, 3)
      .map((cell) => cell.trim()) as [string, string];
    const name = /`([a-z-]+)`/.exec(event)?.[1];
    if (!name) throw new Error(`an event row without a name: ${row}`);
    const list = channels === 'any' ? [...EVENT_CHANNELS] : channels.split(',').map((channel) => channel.trim());
    for (const channel of list) pairs.add(`${channel} ${name}`);
  }
  return pairs;
}

t.test("docs/api.md's event table lists exactly the events of the unions, on their channels", async (t) => {
  t.ok(docs.includes('\n### Events\n'), 'the table is there');
  const documented = documentedEvents();
  const declared = new Set(
    EVENT_CHANNELS.flatMap((channel) => eventNames(channel).map((name) => `${channel} ${name}`)),
  );
  t.ok(declared.size > 0 && documented.size > 0);
  for (const pair of declared) t.ok(documented.has(pair), `${pair} is documented`);
  for (const pair of documented) t.ok(declared.has(pair), `${pair} is in the union of its channel`);
});
