import type { Generated, Insertable, Selectable } from 'kysely';
import type {
  BannerType,
  EventChannel,
  FoodRole,
  KeyScope,
  OrderService,
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
  /** 1: its kitchen tickets print one token per unit (migration 015). */
  ticket_per_unit: Generated<number>;
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
  /** The cover charge or the takeaway fee; null for ordinary food (migration 013). One food per role. */
  role: Generated<FoodRole | null>;
  /** Place inside its category (migration 015). */
  position: Generated<number>;
  /** JSON array of allergen codes, in the EU list's order (migration 015). */
  allergens: Generated<string>;
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
  /** JSON array of the category ids its till shows; null: all (migration 015). */
  category_ids: Generated<string | null>;
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

/** Banner images on PostgreSQL (on SQLite they are files of the uploads folder). */
export interface BannerImagesTable {
  file: string;
  bytes: Buffer;
  created_at: number;
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
  /** '' for the line itself; the chosen option's id for a component the station got (migration 014). */
  option_id: string;
}

/** A food's group of choices (migration 014). */
export interface FoodChoiceGroupsTable {
  id: string;
  food_id: string;
  position: number;
  name: string;
  min_count: number;
  max_count: number;
}

/** One option of a group; `component_food_id` names the food a set menu's course is (null: a plain option). */
export interface FoodChoiceOptionsTable {
  id: string;
  group_id: string;
  position: number;
  name: string;
  price_delta_cents: number;
  component_food_id: string | null;
  available: number;
}

/** What an order line chose: copies, so a later change of the menu never changes the line. */
export interface OrderItemChoicesTable {
  item_id: string;
  position: number;
  option_id: string;
  group_name: string;
  name: string;
  price_delta_cents: number;
  component_food_id: string | null;
  component_food_name: string | null;
  component_category_id: string | null;
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
  /** People at the table, 0 when not asked (migration 013). */
  covers: Generated<number>;
  service: Generated<OrderService>;
  /** Why it was discounted, as given at confirmation; null: no reason given (migration 016). */
  discount_reason: Generated<string | null>;
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
  /** The role the food had when sold (migration 013): such a line goes to no kitchen. */
  role: Generated<FoodRole | null>;
  /** Units refunded since (migration 016): what is left of the line is quantity − refunded_quantity. */
  refunded_quantity: Generated<number>;
}

/** Money given back for some units of a confirmed order (migration 016). `amount` in cents. */
export interface RefundsTable {
  id: string;
  order_id: number;
  amount: number;
  method: PaymentMethod;
  reason: string;
  user_id: string | null;
  cash_register_id: string | null;
  created_at: number;
}

/** The lines and units of a refund, and the part of its amount each line's units make. */
export interface RefundItemsTable {
  refund_id: string;
  item_id: string;
  quantity: number;
  amount: number;
}

/** What was paid back when a confirmed order was deleted (migration 016): copies, the order is gone. */
export interface CancellationsTable {
  id: Generated<number>;
  order_id: number;
  ticket_number: number | null;
  display_code: string;
  /** The order's total, and what earlier refunds of it had given back: amount = total − refunded. */
  total: number;
  refunded: number;
  amount: number;
  method: PaymentMethod | null;
  user_id: string | null;
  cash_register_id: string | null;
  created_at: number;
  /** When the order was confirmed (its sale's drawer); null for cancellations recorded by an older pos. */
  confirmed_at: number | null;
}

/** A refund of an order cancelled later: gone from the reports with its order, still out of the drawer that paid it. */
export interface CancelledRefundsTable {
  id: string;
  cancellation_id: number;
  amount: number;
  method: PaymentMethod;
  cash_register_id: string | null;
  created_at: number;
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
  /** The sender that took the job (while `printing`): only it may mark the job printed or queue it again. */
  claimed_by: Generated<string | null>;
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
  /** Covers, takeaway orders and their revenue in the hour (migration 013). */
  covers: Generated<number>;
  takeaway_orders: Generated<number>;
  takeaway_cents: Generated<number>;
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

/** A drawer's shift on one register (migrations/017); the figures are kept at the close. */
export interface CashSessionsTable {
  id: string;
  cash_register_id: string;
  user_id: string | null;
  user_name: string;
  float_cents: number;
  opened_at: number;
  closed_at: number | null;
  closed_by: string | null;
  closed_by_name: string | null;
  counted_cents: number | null;
  /** JSON: euro value of a coin or note to how many were counted. */
  denominations: string | null;
  card_terminal_cents: number | null;
  note: string | null;
  orders: number | null;
  cash_sales_cents: number | null;
  card_sales_cents: number | null;
  cash_refunds_cents: number | null;
  card_refunds_cents: number | null;
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
  food_choice_groups: FoodChoiceGroupsTable;
  food_choice_options: FoodChoiceOptionsTable;
  order_item_choices: OrderItemChoicesTable;
  cash_registers: CashRegistersTable;
  banners: BannersTable;
  banner_images: BannerImagesTable;
  audit_log: AuditLogTable;
  orders: OrdersTable;
  order_items: OrderItemsTable;
  refunds: RefundsTable;
  refund_items: RefundItemsTable;
  cancellations: CancellationsTable;
  cancelled_refunds: CancelledRefundsTable;
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
  cash_sessions: CashSessionsTable;
}

export type UserRow = Selectable<UsersTable>;
export type PrinterRow = Selectable<PrintersTable>;
export type CategoryRow = Selectable<CategoriesTable>;
export type FoodRow = Selectable<FoodsTable>;
export type CashRegisterRow = Selectable<CashRegistersTable>;
export type BannerRow = Selectable<BannersTable>;
export type VenueRow = Selectable<VenueTable>;
export type CashSessionRow = Selectable<CashSessionsTable>;
export type OrderRow = Selectable<OrdersTable>;
export type NewOrder = Insertable<OrdersTable>;
export type OrderItemRow = Selectable<OrderItemsTable>;
export type OrderItemChoiceRow = Selectable<OrderItemChoicesTable>;
export type RefundRow = Selectable<RefundsTable>;
export type EventRow = Selectable<EventsTable>;
export type PrintJobRow = Selectable<PrintJobsTable>;
