import t from 'tap';
import { type Ack, checkOrders, type OrderRow, outageMs, passed } from '../../bench/lib/drill-check.js';

// The failover drill's verdict (bench/lib/drill-check.ts) must catch each way a failover can go wrong; a drill
// whose check could not fail would prove nothing.

const DAY = '2026-07-18';
const row = (id: number, key: string, ticket: number | null = id, code = `C${id}`): OrderRow => ({
  id,
  customer: key,
  ticketNumber: ticket,
  ticketDay: ticket === null ? null : DAY,
  displayCode: code,
  codeDay: DAY,
});
const ack = (id: number, key: string, at = id): Ack => ({ key, id, ticketNumber: id, displayCode: `C${id}`, at });

t.test('a clean run passes and counts what was acknowledged', async (t) => {
  const verdict = checkOrders([ack(1, 'a'), ack(2, 'b'), ack(2, 'b')], [row(1, 'a'), row(2, 'b'), row(3, 'c')]);
  t.equal(verdict.acked, 2, 'a key answered twice (a replay) counts once');
  t.equal(verdict.unacknowledged, 1, 'c committed but its answer never reached the till');
  t.ok(passed(verdict));
});

t.test('an acknowledged order missing from the database is lost', async (t) => {
  const verdict = checkOrders([ack(1, 'a'), ack(2, 'b')], [row(1, 'a')]);
  t.same(verdict.lost, ['b']);
  t.notOk(passed(verdict));
});

t.test('a key stored twice is doubled, and its second ticket number and code are caught too', async (t) => {
  const verdict = checkOrders([ack(1, 'a')], [row(1, 'a'), row(2, 'a', 1, 'C1')]);
  t.same(verdict.doubled, ['a']);
  t.same(verdict.ticketDuplicates, [`${DAY}#1`]);
  t.same(verdict.codeDuplicates, [`${DAY}/C1`]);
  t.notOk(passed(verdict));
});

t.test('an order that is not what the till was told is changed', async (t) => {
  const verdict = checkOrders([ack(1, 'a')], [row(1, 'a', 7)]);
  t.same(verdict.changed, ['a']);
  t.notOk(passed(verdict));
});

t.test('a missing ticket number below the highest is a gap; unnumbered orders are left out', async (t) => {
  const verdict = checkOrders([], [row(1, 'a'), row(3, 'c'), row(4, 'd', null)]);
  t.same(verdict.ticketGaps, [`${DAY}#2`]);
  t.same(verdict.ticketDuplicates, []);
  t.notOk(passed(verdict));
  t.ok(passed(checkOrders([], [row(1, 'a'), { ...row(2, 'b'), ticketDay: '2026-07-19', ticketNumber: 1 }])));
});

t.test('the outage is the longest silence from the kill on', async (t) => {
  t.equal(outageMs([100, 200, 900, 950], 250, 1000), 700, 'from the last answer before to the first after');
  t.equal(outageMs([900, 950], 250, 1000), 650, 'no answer before the kill: from the kill');
  t.equal(outageMs([100, 200, 260, 1500, 1550], 250, 1600), 1240, 'an answer already on its way does not end it');
  t.equal(outageMs([100, 200], 250, 5000), 4800, 'sales that never came back: until the tills stopped');
});
