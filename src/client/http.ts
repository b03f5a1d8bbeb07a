import { z } from 'zod';
import { ApiKeyCreated, type ApiKeyInput, type LoginInput, LoginResponse, Me } from '../api/auth.js';
import { Banner } from '../api/banners.js';
import { CashRegister, OpenDrawerResponse } from '../api/cash-registers.js';
import {
  CashSession,
  CashSessionList,
  ClosedCashSession,
  CloseCashSessionInput,
  OpenCashSessionInput,
} from '../api/cash-sessions.js';
import { CategoryWithFoods, Food, type FoodPatch, type FoodsQuery } from '../api/catalog.js';
import type { ErrorBody } from '../api/common.js';
import { Health } from '../api/health.js';
import { decodeMoney, encodeMoney } from '../api/money-codec.js';
import {
  ConfirmInput,
  CreateOrderInput,
  CreateOrderResponse,
  type ListOrdersQuery,
  OrderDetail,
  OrderList,
  OrderResponse,
  type ReprintInput,
  type ReprintReceiptInput,
  ReprintResponse,
  type OrderPatchInput,
  type StatusInput,
} from '../api/orders.js';
import { PickupState } from '../api/pickup.js';
import { PrintJob, type PrintJobsQuery, type RetryInput } from '../api/print-jobs.js';
import { Printer } from '../api/printers.js';
import { Refund, RefundInput, RefundList } from '../api/refunds.js';
import { type ClosureInput, ClosureReport, Report, type ReportsQuery } from '../api/reports.js';
import { Venue, type VenuePatch } from '../api/venue.js';
import { MenuImportInput, MenuImportResult } from '../api/menu.js';
import { PublicMenu } from '../api/public-menu.js';
import { ApiError, NetworkError } from './errors.js';
import {
  type CreatedOf,
  type InputOf,
  type PatchOf,
  type RecordOf,
  RESOURCES,
  type ResourcePath,
} from './resources.js';

// The typed HTTP client of the API: fetch only, so the same code runs in Node (CLI, tests) and in the browser (the
// till). Request bodies are typed by z.input of the schemas in src/api, responses by z.infer; nothing is written
// twice by hand. Money is integer cents on both sides of this client: the money codec of src/api writes a request's
// amounts as the wire has them and reads a response's back into cents, so no caller converts by hand.

type Query = Record<string, string | number | boolean | ReadonlyArray<string> | undefined>;

/** A query's parameters as a caller writes them: a whole number may be given as a number, it goes out as digits. */
type QueryInput<T> = { [K in keyof T]?: T[K] extends string | undefined ? T[K] | number : T[K] };

export interface ClientOptions {
  /** The server's address, e.g. `http://192.168.1.20:4300`; '' in the browser means the page's own server. */
  baseUrl: string;
  /** Asked before every request (and every reconnection of a stream), so a renewed token is used. */
  token?: () => string | null | undefined | Promise<string | null | undefined>;
  /** Per request; the till keeps it short so a lost Wi-Fi is noticed while the cashier waits. */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

export interface RequestOptions {
  query?: Query;
  body?: unknown;
  /** A ready-made body (a multipart upload), sent as it is. */
  rawBody?: FormData;
  headers?: Record<string, string>;
  timeoutMs?: number;
  /** The request body's schema: its amounts, given in cents, go out as the wire writes them. */
  encode?: z.ZodType;
  /** The response's schema: its amounts come back in cents. */
  decode?: z.ZodType;
}

/** The Idempotency-Key header, when the caller gives a key. */
const idempotency = (key: string | undefined) => (key ? { 'idempotency-key': key } : undefined);

export class PosClient {
  private readonly fetcher: typeof fetch;

  constructor(private readonly options: ClientOptions) {
    this.fetcher = options.fetch ?? ((input, init) => fetch(input, init));
  }

  get baseUrl(): string {
    return this.options.baseUrl;
  }

  url(path: string, query?: Query): string {
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries(query ?? {})) {
      if (value === undefined) continue;
      if (Array.isArray(value)) for (const item of value as ReadonlyArray<string>) search.append(key, item);
      else search.set(key, String(value));
    }
    const text = search.toString();
    return `${this.options.baseUrl.replace(/\/+$/, '')}${path}${text ? `?${text}` : ''}`;
  }

  async headers(extra?: Record<string, string>): Promise<Record<string, string>> {
    const token = await this.options.token?.();
    return { ...extra, ...(token ? { authorization: `Bearer ${token}` } : {}) };
  }

  async request<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
    const url = this.url(path, options.query);
    const headers = await this.headers(options.headers);
    if (options.body !== undefined && !options.rawBody) headers['content-type'] = 'application/json';
    let response: Response;
    try {
      response = await this.fetcher(url, {
        method,
        headers,
        body: options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(this.wireBody(options))),
        signal: AbortSignal.timeout(options.timeoutMs ?? this.options.timeoutMs ?? 30_000),
      });
    } catch (error) {
      const cause = (error as Error).cause;
      throw new NetworkError(url, cause ? String(cause) : (error as Error).message);
    }
    let text: string;
    try {
      text = await response.text();
    } catch (error) {
      throw new NetworkError(url, (error as Error).message); // the connection dropped mid-answer
    }
    let parsed: unknown;
    if (text) {
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = text;
      }
    }
    if (!response.ok) {
      const body = parsed as Partial<ErrorBody> | string | undefined;
      const message =
        typeof body === 'object' && body && typeof body.message === 'string'
          ? body.message
          : response.statusText || `HTTP ${response.status}`;
      throw new ApiError(response.status, message, body);
    }
    return (options.decode && parsed !== undefined ? decodeMoney(options.decode, parsed) : parsed) as T;
  }

  private wireBody(options: RequestOptions): unknown {
    return options.encode ? encodeMoney(options.encode, options.body) : options.body;
  }

  // ---- the endpoints the apps use, typed by src/api -----------------------------------------------------------

  health() {
    return this.request<z.infer<typeof Health>>('GET', '/health', { decode: Health });
  }

  /** The menu for customers (no credential; docs/menu-page.md). */
  publicMenu() {
    return this.request<z.infer<typeof PublicMenu>>('GET', '/v1/public/menu', { decode: PublicMenu });
  }

  login(input: z.input<typeof LoginInput>) {
    return this.request<z.infer<typeof LoginResponse>>('POST', '/v1/auth/login', {
      body: input,
      decode: LoginResponse,
    });
  }
  me() {
    return this.request<z.infer<typeof Me>>('GET', '/v1/auth/me', { decode: Me });
  }
  /** Revokes the token this client calls with (204): a copy of it no longer works. */
  logout() {
    return this.request<undefined>('POST', '/v1/auth/logout');
  }
  foods(query: z.input<typeof FoodsQuery> = {}) {
    return this.request<Array<z.infer<typeof Food>>>('GET', '/v1/foods', { query, decode: z.array(Food) });
  }
  /** Availability, printer, or the portion count: `stock` sets it, `stockAdd` adds to what is left (negative: write-off). */
  updateFood(id: string, input: z.input<typeof FoodPatch>) {
    return this.request<z.infer<typeof Food>>('PATCH', `/v1/foods/${id}`, { body: input, decode: Food });
  }
  categories() {
    return this.request<Array<z.infer<typeof CategoryWithFoods>>>('GET', '/v1/categories', {
      decode: z.array(CategoryWithFoods),
    });
  }
  cashRegisters(query: { enabled?: boolean } = {}) {
    return this.request<Array<z.infer<typeof CashRegister>>>('GET', '/v1/cash-registers', {
      query,
      decode: z.array(CashRegister),
    });
  }
  /** Opens the cash drawer wired to the register's printer (no sale); answers with that printer. */
  openDrawer(cashRegisterId: string) {
    const path = `/v1/cash-registers/${cashRegisterId}/open-drawer`;
    return this.request<z.infer<typeof OpenDrawerResponse>>('POST', path, { body: {}, decode: OpenDrawerResponse });
  }
  /** Opens a drawer's session with its float (cents); with an Idempotency-Key a retry opens it once. */
  openCashSession(cashRegisterId: string, input: z.input<typeof OpenCashSessionInput>, idempotencyKey?: string) {
    return this.request<z.infer<typeof CashSession>>('POST', `/v1/cash-registers/${cashRegisterId}/sessions`, {
      body: input,
      encode: OpenCashSessionInput,
      decode: CashSession,
      headers: idempotency(idempotencyKey),
    });
  }
  /** The register's sessions, newest first, with their figures (cents). */
  cashSessions(cashRegisterId: string) {
    return this.request<z.infer<typeof CashSessionList>>('GET', `/v1/cash-registers/${cashRegisterId}/sessions`, {
      decode: CashSessionList,
    });
  }
  /** Closes the register's open session with the count (amounts in cents); prints the handover slip. */
  closeCashSession(cashRegisterId: string, input: z.input<typeof CloseCashSessionInput>, idempotencyKey?: string) {
    const path = `/v1/cash-registers/${cashRegisterId}/sessions/current/close`;
    return this.request<z.infer<typeof ClosedCashSession>>('POST', path, {
      body: input,
      encode: CloseCashSessionInput,
      decode: ClosedCashSession,
      headers: idempotency(idempotencyKey),
    });
  }
  printers() {
    return this.request<Array<z.infer<typeof Printer>>>('GET', '/v1/printers', { decode: z.array(Printer) });
  }
  orders(query: QueryInput<z.input<typeof ListOrdersQuery>> = {}) {
    return this.request<z.infer<typeof OrderList>>('GET', '/v1/orders', { query: query as Query, decode: OrderList });
  }
  order(id: number) {
    return this.request<z.infer<typeof OrderDetail>>('GET', `/v1/orders/${id}`, { decode: OrderDetail });
  }
  /**
   * With an Idempotency-Key, a retry of the same order is answered with the first answer, never a second order.
   * Amounts (surcharges, the discount) in cents.
   */
  createOrder(input: z.input<typeof CreateOrderInput>, idempotencyKey?: string, timeoutMs?: number) {
    return this.request<z.infer<typeof CreateOrderResponse>>('POST', '/v1/orders', {
      body: input,
      encode: CreateOrderInput,
      decode: CreateOrderResponse,
      headers: idempotency(idempotencyKey),
      timeoutMs,
    });
  }
  /** The discount in cents. */
  confirmOrder(id: number, input: z.input<typeof ConfirmInput>, idempotencyKey?: string) {
    return this.request<z.infer<typeof OrderResponse>>('POST', `/v1/orders/${id}/confirm`, {
      body: input,
      encode: ConfirmInput,
      decode: OrderResponse,
      headers: idempotency(idempotencyKey),
    });
  }
  reprint(id: number, input: z.input<typeof ReprintInput>) {
    return this.request<z.infer<typeof ReprintResponse>>('POST', `/v1/orders/${id}/reprint`, {
      body: input,
      decode: ReprintResponse,
    });
  }
  /** The customer receipt only, on the register's printer (docs/api.md, "Receipt-only reprint"). */
  reprintReceipt(id: number, input: z.input<typeof ReprintReceiptInput>) {
    const options = { body: input ?? {}, decode: ReprintResponse };
    return this.request<z.infer<typeof ReprintResponse>>('POST', `/v1/orders/${id}/reprint-receipt`, options);
  }
  setOrderStatus(id: number, status: z.input<typeof StatusInput>['status']) {
    return this.request<z.infer<typeof OrderResponse>>('PATCH', `/v1/orders/${id}`, {
      body: { status },
      decode: OrderResponse,
    });
  }
  /** The order's table (waiter tables: seats an order waiting for one, docs/waiter.md), its status, or both. */
  patchOrder(id: number, input: z.input<typeof OrderPatchInput>) {
    return this.request<z.infer<typeof OrderResponse>>('PATCH', `/v1/orders/${id}`, {
      body: input,
      decode: OrderResponse,
    });
  }
  deleteOrder(id: number) {
    return this.request<undefined>('DELETE', `/v1/orders/${id}`);
  }
  /** Some units of a paid order given back (docs/api.md, "Refunds"); `amount` in cents, by default their share. */
  refundOrder(id: number, input: z.input<typeof RefundInput>, idempotencyKey?: string) {
    return this.request<z.infer<typeof Refund>>('POST', `/v1/orders/${id}/refunds`, {
      body: input,
      encode: RefundInput,
      decode: Refund,
      headers: idempotency(idempotencyKey),
    });
  }
  refunds(id: number) {
    return this.request<Array<z.infer<typeof Refund>>>('GET', `/v1/orders/${id}/refunds`, { decode: RefundList });
  }
  printJobs(query: QueryInput<z.input<typeof PrintJobsQuery>> = {}) {
    return this.request<Array<z.infer<typeof PrintJob>>>('GET', '/v1/print-jobs', {
      query: query as Query,
      decode: z.array(PrintJob),
    });
  }
  retryPrintJob(id: number, input: z.input<typeof RetryInput>) {
    return this.request<z.infer<typeof PrintJob>>('POST', `/v1/print-jobs/${id}/retry`, {
      body: input ?? {},
      decode: PrintJob,
    });
  }
  testPrinter(id: string) {
    return this.request<z.infer<typeof PrintJob>>('POST', `/v1/printers/${id}/test`, { body: {}, decode: PrintJob });
  }
  reports(query: z.input<typeof ReportsQuery>) {
    return this.request<Array<z.infer<typeof Report>>>('GET', '/v1/reports', { query, decode: z.array(Report) });
  }
  /** With an Idempotency-Key, a retry after a lost answer prints the closure once. */
  generalClosure(input: z.input<typeof ClosureInput>, idempotencyKey?: string) {
    return this.request<z.infer<typeof ClosureReport>>('POST', '/v1/reports/general-closure', {
      body: input,
      decode: ClosureReport,
      headers: idempotency(idempotencyKey),
    });
  }
  createApiKey(input: z.input<typeof ApiKeyInput>) {
    return this.request<z.infer<typeof ApiKeyCreated>>('POST', '/v1/api-keys', { body: input, decode: ApiKeyCreated });
  }
  /** The pickup counter's view (staff, `pickup` key): ready orders oldest first, the kitchen's, the handed out. */
  pickupState() {
    return this.request<z.infer<typeof PickupState>>('GET', '/v1/pickup/state', { decode: PickupState });
  }
  /** The venue's name, receipt lines and service settings (any credential). */
  getVenue() {
    return this.request<z.infer<typeof Venue>>('GET', '/v1/venue', { decode: Venue });
  }
  /** Changes the given fields (admin); locale and timezone are `pos serve`'s and ignored here. */
  patchVenue(input: z.input<typeof VenuePatch>) {
    return this.request<z.infer<typeof Venue>>('PATCH', '/v1/venue', { body: input, decode: Venue });
  }
  /** The whole menu at once (admin), prices in cents: added, changed, unchanged; `dryRun` writes nothing. */
  importMenu(input: z.input<typeof MenuImportInput>) {
    return this.request<z.infer<typeof MenuImportResult>>('POST', '/v1/menu/import', {
      body: input,
      encode: MenuImportInput,
      decode: MenuImportResult,
    });
  }
  uploadBannerImage(id: string, form: FormData) {
    return this.request<z.infer<typeof Banner>>('PATCH', `/v1/banners/${id}/image`, { rawBody: form, decode: Banner });
  }

  // ---- the catalogue resources (list, show, create, replace, patch, delete), typed by ./resources.ts ------------

  list<P extends ResourcePath>(path: P) {
    return this.request<Array<RecordOf<P>>>('GET', path, { decode: z.array(RESOURCES[path].record) });
  }
  get<P extends ResourcePath>(path: P, id: string, query?: Query) {
    return this.request<RecordOf<P>>('GET', `${path}/${id}`, { query, decode: RESOURCES[path].record });
  }
  create<P extends ResourcePath>(path: P, input: InputOf<P>) {
    const { input: encode, created } = RESOURCES[path];
    return this.request<CreatedOf<P>>('POST', path, { body: input, encode, decode: created });
  }
  replace<P extends ResourcePath>(path: P, id: string, input: InputOf<P>) {
    const { input: encode, record } = RESOURCES[path];
    return this.request<RecordOf<P>>('PUT', `${path}/${id}`, { body: input, encode, decode: record });
  }
  patch<P extends ResourcePath>(path: P, id: string, input: PatchOf<P>) {
    const { patch: encode, record } = RESOURCES[path];
    return this.request<RecordOf<P>>('PATCH', `${path}/${id}`, {
      body: input,
      encode: encode ?? undefined,
      decode: record,
    });
  }
  remove(path: ResourcePath, id: string) {
    return this.request<undefined>('DELETE', `${path}/${id}`);
  }
}
