import type { z } from 'zod';
import type { ApiKeyCreated, ApiKeyInput, LoginInput, LoginResponse, Me } from '../api/auth.js';
import type { Banner } from '../api/banners.js';
import type { CashRegister } from '../api/cash-registers.js';
import type { CategoryWithFoods, Food, FoodPatch, FoodsQuery } from '../api/catalog.js';
import type { ErrorBody } from '../api/common.js';
import type { Health } from '../api/health.js';
import type {
  ConfirmInput,
  CreateOrderInput,
  CreateOrderResponse,
  ListOrdersQuery,
  OrderDetail,
  OrderList,
  OrderResponse,
  ReprintInput,
  ReprintReceiptInput,
  ReprintResponse,
  StatusInput,
} from '../api/orders.js';
import type { PrintJob, PrintJobsQuery, RetryInput } from '../api/print-jobs.js';
import type { Printer } from '../api/printers.js';
import type { ClosureInput, ClosureReport, Report, ReportsQuery } from '../api/reports.js';
import { ApiError, NetworkError } from './errors.js';
import type { CreatedOf, InputOf, PatchOf, RecordOf, ResourcePath } from './resources.js';

// The typed HTTP client of the API: fetch only, so the same code runs in Node (CLI, tests) and in the browser (the
// till). Request bodies are typed by z.input of the schemas in src/api (what goes on the wire), responses by
// z.infer (what the server sends back). Nothing is written twice by hand.

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
        body: options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
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
      const message = typeof body === 'object' && body && typeof body.message === 'string' ? body.message : response.statusText || `HTTP ${response.status}`;
      throw new ApiError(response.status, message, body);
    }
    return parsed as T;
  }

  // ---- the endpoints the apps use, typed by src/api -----------------------------------------------------------

  health() {
    return this.request<z.infer<typeof Health>>('GET', '/health');
  }

  login(input: z.input<typeof LoginInput>) {
    return this.request<z.infer<typeof LoginResponse>>('POST', '/v1/auth/login', { body: input });
  }
  me() {
    return this.request<z.infer<typeof Me>>('GET', '/v1/auth/me');
  }
  foods(query: z.input<typeof FoodsQuery> = {}) {
    return this.request<Array<z.infer<typeof Food>>>('GET', '/v1/foods', { query });
  }
  /** Availability, printer, or the portion count: `stock` sets it, `stockAdd` adds to what is left (negative: write-off). */
  updateFood(id: string, input: z.input<typeof FoodPatch>) {
    return this.request<z.infer<typeof Food>>('PATCH', `/v1/foods/${id}`, { body: input });
  }
  categories() {
    return this.request<Array<z.infer<typeof CategoryWithFoods>>>('GET', '/v1/categories');
  }
  cashRegisters(query: { enabled?: boolean } = {}) {
    return this.request<Array<z.infer<typeof CashRegister>>>('GET', '/v1/cash-registers', { query });
  }
  printers() {
    return this.request<Array<z.infer<typeof Printer>>>('GET', '/v1/printers');
  }
  orders(query: QueryInput<z.input<typeof ListOrdersQuery>> = {}) {
    return this.request<z.infer<typeof OrderList>>('GET', '/v1/orders', { query: query as Query });
  }
  order(id: number) {
    return this.request<z.infer<typeof OrderDetail>>('GET', `/v1/orders/${id}`);
  }
  /** With an Idempotency-Key, a retry of the same order is answered with the first answer, never a second order. */
  createOrder(input: z.input<typeof CreateOrderInput>, idempotencyKey?: string, timeoutMs?: number) {
    return this.request<z.infer<typeof CreateOrderResponse> & { discount?: string; total?: string }>('POST', '/v1/orders', {
      body: input,
      headers: idempotency(idempotencyKey),
      timeoutMs,
    });
  }
  confirmOrder(id: number, input: z.input<typeof ConfirmInput>, idempotencyKey?: string) {
    return this.request<z.infer<typeof OrderResponse>>('POST', `/v1/orders/${id}/confirm`, {
      body: input,
      headers: idempotency(idempotencyKey),
    });
  }
  reprint(id: number, input: z.input<typeof ReprintInput>) {
    return this.request<z.infer<typeof ReprintResponse>>('POST', `/v1/orders/${id}/reprint`, { body: input });
  }
  /** The customer receipt only, on the register's printer (docs/api.md, "Receipt-only reprint"). */
  reprintReceipt(id: number, input: z.input<typeof ReprintReceiptInput>) {
    return this.request<z.infer<typeof ReprintResponse>>('POST', `/v1/orders/${id}/reprint-receipt`, { body: input ?? {} });
  }
  setOrderStatus(id: number, status: z.input<typeof StatusInput>['status']) {
    return this.request<z.infer<typeof OrderResponse>>('PATCH', `/v1/orders/${id}`, { body: { status } });
  }
  deleteOrder(id: number) {
    return this.request<undefined>('DELETE', `/v1/orders/${id}`);
  }
  printJobs(query: QueryInput<z.input<typeof PrintJobsQuery>> = {}) {
    return this.request<Array<z.infer<typeof PrintJob>>>('GET', '/v1/print-jobs', { query: query as Query });
  }
  retryPrintJob(id: number, input: z.input<typeof RetryInput>) {
    return this.request<z.infer<typeof PrintJob>>('POST', `/v1/print-jobs/${id}/retry`, { body: input ?? {} });
  }
  testPrinter(id: string) {
    return this.request<z.infer<typeof PrintJob>>('POST', `/v1/printers/${id}/test`, { body: {} });
  }
  reports(query: z.input<typeof ReportsQuery>) {
    return this.request<Array<z.infer<typeof Report>>>('GET', '/v1/reports', { query });
  }
  /** With an Idempotency-Key, a retry after a lost answer prints the closure once. */
  generalClosure(input: z.input<typeof ClosureInput>, idempotencyKey?: string) {
    return this.request<z.infer<typeof ClosureReport>>('POST', '/v1/reports/general-closure', {
      body: input,
      headers: idempotency(idempotencyKey),
    });
  }
  createApiKey(input: z.input<typeof ApiKeyInput>) {
    return this.request<z.infer<typeof ApiKeyCreated>>('POST', '/v1/api-keys', { body: input });
  }
  uploadBannerImage(id: string, form: FormData) {
    return this.request<z.infer<typeof Banner>>('PATCH', `/v1/banners/${id}/image`, { rawBody: form });
  }

  // ---- the catalogue resources (list, show, create, replace, patch, delete), typed by ./resources.ts ------------

  list<P extends ResourcePath>(path: P) {
    return this.request<Array<RecordOf<P>>>('GET', path);
  }
  get<P extends ResourcePath>(path: P, id: string, query?: Query) {
    return this.request<RecordOf<P>>('GET', `${path}/${id}`, { query });
  }
  create<P extends ResourcePath>(path: P, input: InputOf<P>) {
    return this.request<CreatedOf<P>>('POST', path, { body: input });
  }
  replace<P extends ResourcePath>(path: P, id: string, input: InputOf<P>) {
    return this.request<RecordOf<P>>('PUT', `${path}/${id}`, { body: input });
  }
  patch<P extends ResourcePath>(path: P, id: string, input: PatchOf<P>) {
    return this.request<RecordOf<P>>('PATCH', `${path}/${id}`, { body: input });
  }
  remove(path: ResourcePath, id: string) {
    return this.request<undefined>('DELETE', `${path}/${id}`);
  }
}
