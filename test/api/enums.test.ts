import t from 'tap';
import { ApiKeyInput, UserInput } from '../../src/api/auth.js';
import { Banner, BannerInput } from '../../src/api/banners.js';
import * as enums from '../../src/api/enums.js';
import { ListOrdersQuery, OrderStatus, PaymentMethod, StatusInput } from '../../src/api/orders.js';
import { PrintJobsQuery } from '../../src/api/print-jobs.js';
import { PrinterStatus } from '../../src/api/printers.js';
import { ReportsQuery } from '../../src/api/reports.js';
import { StationStatusInput } from '../../src/api/stations.js';

// Each schema takes its values from src/api/enums.ts: exactly those values, nothing else (letter case is only
// forgiven where the interface says so).

t.test('the schemas accept exactly the enum values', async (t) => {
  const exact: Array<[string, { safeParse(value: unknown): { success: boolean } }, readonly string[]]> = [
    ['OrderStatus', OrderStatus, enums.ORDER_STATUSES],
    ['PaymentMethod', PaymentMethod, enums.PAYMENT_METHODS],
    ['PrinterStatus', PrinterStatus, enums.PRINTER_STATUSES],
  ];
  for (const [name, schema, values] of exact) {
    t.ok(values.length > 0, `${name} has values`);
    for (const value of values) t.ok(schema.safeParse(value).success, `${name} ${value}`);
    for (const value of values) t.notOk(schema.safeParse(`${value}X`).success, `${name} ${value}X`);
    t.notOk(schema.safeParse('').success, `${name} empty`);
    t.notOk(
      schema.safeParse(values[0]!.toLowerCase() === values[0] ? values[0]!.toUpperCase() : values[0]!.toLowerCase())
        .success,
      `${name} is case-sensitive`,
    );
  }
  for (const role of enums.ROLES)
    t.ok(UserInput.safeParse({ username: 'anna', password: 'long enough', role }).success, role);
  t.notOk(UserInput.safeParse({ username: 'anna', password: 'long enough', role: 'root' }).success);
  for (const scope of enums.KEY_SCOPES) t.ok(ApiKeyInput.safeParse({ name: 'tv', scope }).success, scope);
  t.notOk(ApiKeyInput.safeParse({ name: 'tv', scope: 'cashier' }).success);
  for (const groupBy of enums.GROUP_BY) t.ok(ReportsQuery.safeParse({ from: '2026-11-21', groupBy }).success, groupBy);
  t.notOk(ReportsQuery.safeParse({ from: '2026-11-21', groupBy: '2h' }).success);
  for (const status of enums.PRINT_JOB_STATUSES) t.ok(PrintJobsQuery.safeParse({ status }).success, status);
  t.notOk(PrintJobsQuery.safeParse({ status: 'done' }).success);
  t.same(Banner.shape.type.options, [...enums.BANNER_TYPES]);
  t.same(BannerInput.shape.type.options, [...enums.BANNER_TYPES]);
});

t.test('order and station statuses forgive letter case, as the interface says', async (t) => {
  t.same(StatusInput.parse({ status: 'picked_up' }), { status: 'PICKED_UP' });
  t.notOk(StatusInput.safeParse({ status: 'picked up' }).success);
  t.same(ListOrdersQuery.parse({ status: ['pending', 'CONFIRMED'] }).status, ['PENDING', 'CONFIRMED']);
  t.notOk(ListOrdersQuery.safeParse({ status: 'cancelled' }).success);
  for (const status of enums.STATION_STATUSES)
    t.same(StationStatusInput.parse({ status: status.toLowerCase() }), { status });
  t.notOk(StationStatusInput.safeParse({ status: 'READY' }).success);
  for (const field of enums.ORDER_SORT_FIELDS) t.equal(ListOrdersQuery.parse({ sortBy: field }).sortBy, field);
  t.notOk(ListOrdersQuery.safeParse({ sortBy: 'customer' }).success);
});
