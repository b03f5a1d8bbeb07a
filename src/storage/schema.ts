import type { Generated, Insertable, Selectable, Updateable } from 'kysely';
import type {
  BannerType,
  EventChannel,
  KeyScope,
  OrderStatus,
  PaymentMethod,
  PrinterStatus,
  PrinterStatusReason,
  PrintJobKind,
  PrintJobStatus,
  ReportKind,
  Role,
  StationStatus,
} from '../api/enums.js';

// The closed lists come from src/api/enums.ts (declared once); test/api/enums-migrations.test.ts checks that the
// migrations' CHECK constraints allow exactly those values.
export type { EventChannel, OrderStatus, PaymentMethod, PrintJobKind, PrintJobStatus, StationStatus };

// Kysely's view of the tables created by migrations/. Timestamps are epoch milliseconds, booleans 0/1,
// money integer cents.

export interface SettingsTable {
  key: string;
  value: string;
}

export interface UsersTable {
  id: string;
  username: string;
  password_hash: string;
  role: Role;
  created_at: number;
  updated_at: number;
  /** Bumped when the password or role changes: tokens issued under an older version are refused (migration 005). */
  credentials_version: number;
}

export interface RevokedTokensTable {
  jti: string;
  revoked_at: number;
  expires_at: number | null;
}

export interface ApiKeysTable {
  id: string;
  name: string;
  scope: KeyScope;
  key_hash: string;
  created_at: number;
  last_used_at: number | null;
  /** The one station (printer) a `kitchen` key is tied to; null: not tied (migration 010). */
  printer_id: string | null;
}

/** Where a device key's stream of a channel got to: the last event written to it (migration 010). */
export interface StreamPositionsTable {
  key_id: string;
  channel: EventChannel;
  last_event_id: number;
  updated_at: number;
}

export interface PrintersTable {
  id: string;
  name: string;
  ip: string;
  port: number;
  description: string;
  status: PrinterStatus;
  columns: number;
  cash_drawer: number;
  created_at: number;
  updated_at: number;
  /** 1: kitchen tickets print here; 0: its station has a screen instead (migration 008). */
  kitchen_tickets: Generated<number>;
  /** Why it is in ERROR, as the printer answered (migration 009); null otherwise. */
  status_reason: Generated<PrinterStatusReason | null>;
}

export interface CategoriesTable {
  id: string;
  name: string;
  available: number;
  position: number;
  printer_id: string | null;
  created_at: number;
  updated_at: number;
}

export interface IngredientsTable {
  id: string;
  name: string;
  created_at: number;
  /** Units left; null: not counted (migration 007). */
  stock: Generated<number | null>;
}

export interface FoodsTable {
  id: string;
  name: string;
  description: string;
  price_cents: number;
  category_id: string;
  printer_id: string | null;
  available: number;
  created_at: number;
  updated_at: number;
  /** Portions left of the food's own count; null: not counted (migration 007). */
  stock: Generated<number | null>;
  /** 1 when running out switched the food off (a restock brings it back), 0 otherwise. */
  sold_out_by_stock: Generated<number>;
}

export interface FoodIngredientsTable {
  food_id: string;
  ingredient_id: string;
  position: number;
}

export interface CashRegistersTable {
  id: string;
  name: string;
  enabled: number;
  default_printer_id: string | null;
  created_at: number;
  updated_at: number;
}

export interface BannersTable {
  id: string;
  name: string;
  type: BannerType;
  title: string;
  description: string;
  website: string;
  social1: string;
  social2: string;
  image_file: string | null;
  color: string;
  date_time: number;
  active: number;
  created_at: number;
  updated_at: number;
}

export interface AuditLogTable {
  id: Generated<number>;
  at: number;
  actor: string;
  action: string;
  entity: string;
  entity_id: string;
  data: string;
}

/** What a confirmation took from a count (one of the two ids), given back when the order is cancelled. */
export interface OrderPortionsTable {
  id: Generated<number>;
  order_id: number;
  food_id: string | null;
  ingredient_id: string | null;
  units: number;
}

/** An order at a station (migration 008). `done_at`: when the station marked its part done; null otherwise, and for
 * a part left because a person completed, moved or cancelled the order. */
export interface OrderStationsTable {
  order_id: number;
  printer_id: string;
  status: StationStatus;
  done_at: number | null;
}

/** Which of an order's items a station got, fixed at confirmation. */
export interface OrderStationItemsTable {
  order_id: number;
  printer_id: string;
  item_id: string;
}

export interface OrdersTable {
  id: Generated<number>;
  display_code: string;
  code_day: string;
  table_name: string;
  customer: string;
  status: OrderStatus;
  ticket_number: number | null;
  ticket_day: string | null;
  payment_method: PaymentMethod | null;
  subtotal_cents: number;
  discount_cents: number;
  surcharge_cents: number;
  total_cents: number;
  user_id: string | null;
  cash_register_id: string | null;
  created_at: number;
  updated_at: number;
  confirmed_at: number | null;
  completed_at: number | null;
  /** 1 once the order reached COMPLETED or PICKED_UP, whatever it was moved back to since: its food was cooked. */
  ever_completed: Generated<number>;
}

/** A table-service order waiting for a waiter to seat it (waiter tables): no kitchen ticket or station yet. */
export interface OrderAwaitingTableTable {
  order_id: number;
  since: number;
}

export interface OrderItemsTable {
  id: string;
  order_id: number;
  position: number;
  food_id: string;
  food_name: string;
  food_description: string;
  category_id: string;
  category_name: string;
  category_position: number;
  quantity: number;
  notes: string;
  unit_price_cents: number;
  surcharge_cents: number;
  total_cents: number;
}

export interface TicketCountersTable {
  ticket_day: string;
  last_number: number;
}

export interface EventsTable {
  id: Generated<number>;
  channel: EventChannel;
  name: string;
  payload: string;
  created_at: number;
}

export interface IdempotencyKeysTable {
  principal: string;
  endpoint: string;
  key: string;
  request_hash: string;
  status_code: number;
  response_body: string;
  created_at: number;
}

export interface PrintJobsTable {
  id: Generated<number>;
  printer_id: string | null;
  kind: PrintJobKind;
  order_id: number | null;
  report_id: string | null;
  payload: string;
  status: PrintJobStatus;
  attempts: Generated<number>;
  last_error: string | null;
  next_attempt_at: number;
  created_at: number;
  updated_at: number;
  printed_at: number | null;
}

export interface ReportsTable {
  id: string;
  kind: ReportKind;
  period_start: number;
  period_end: number;
  cash_register_id: string | null;
  data: string;
  created_at: number;
}

export interface SnapshotHoursTable {
  hour_start: number;
  hour_end: number;
  orders: number;
  revenue_cents: number;
  cash_cents: number;
  card_cents: number;
  completed_orders: number;
  completion_ms: number;
  written_at: number;
}

export interface SnapshotFoodsTable {
  hour_start: number;
  category_id: string;
  category_name: string;
  category_position: number;
  food_id: string;
  food_name: string;
  revenue_cents: number;
  quantity: number;
}

export interface SnapshotRegistersTable {
  hour_start: number;
  cash_register_id: string;
  revenue_cents: number;
  cash_cents: number;
  card_cents: number;
}

/** The venue's settings: one row (id 1) once changed; JSON arrays of strings for the receipt lines. */
export interface VenueTable {
  id: number;
  name: string;
  receipt_header: string;
  receipt_footer: string;
  /** Null: as `pos serve --no-tables` says. */
  ask_table: number | null;
  waiter_tables: number;
  pickup_after_minutes: number;
  updated_at: number;
}

export interface Database {
  settings: SettingsTable;
  users: UsersTable;
  revoked_tokens: RevokedTokensTable;
  api_keys: ApiKeysTable;
  stream_positions: StreamPositionsTable;
  printers: PrintersTable;
  categories: CategoriesTable;
  ingredients: IngredientsTable;
  foods: FoodsTable;
  food_ingredients: FoodIngredientsTable;
  cash_registers: CashRegistersTable;
  banners: BannersTable;
  audit_log: AuditLogTable;
  orders: OrdersTable;
  order_items: OrderItemsTable;
  order_portions: OrderPortionsTable;
  order_stations: OrderStationsTable;
  order_station_items: OrderStationItemsTable;
  order_awaiting_table: OrderAwaitingTableTable;
  ticket_counters: TicketCountersTable;
  events: EventsTable;
  idempotency_keys: IdempotencyKeysTable;
  print_jobs: PrintJobsTable;
  reports: ReportsTable;
  snapshot_hours: SnapshotHoursTable;
  snapshot_foods: SnapshotFoodsTable;
  snapshot_registers: SnapshotRegistersTable;
  venue: VenueTable;
}

export type UserRow = Selectable<UsersTable>;
export type PrinterRow = Selectable<PrintersTable>;
export type CategoryRow = Selectable<CategoriesTable>;
export type IngredientRow = Selectable<IngredientsTable>;
export type FoodRow = Selectable<FoodsTable>;
export type CashRegisterRow = Selectable<CashRegistersTable>;
export type BannerRow = Selectable<BannersTable>;
export type VenueRow = Selectable<VenueTable>;
export type OrderRow = Selectable<OrdersTable>;
export type NewOrder = Insertable<OrdersTable>;
export type OrderUpdate = Updateable<OrdersTable>;
export type OrderItemRow = Selectable<OrderItemsTable>;
export type EventRow = Selectable<EventsTable>;
export type PrintJobRow = Selectable<PrintJobsTable>;
export type ReportRow = Selectable<ReportsTable>;
