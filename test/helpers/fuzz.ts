import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import fc from 'fast-check';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { z } from 'zod';

// Building blocks of the endpoint fuzzer: the app's routes with their zod schemas, inputs generated
// from those schemas, mutations of them, multipart bodies and query strings. The checks are in fuzz-checks.ts.

// ---- routes -----------------------------------------------------------------------------------------------------

export interface CapturedRoute {
  method: string;
  url: string;
  /** The options the route was registered with: its zod `schema` and its `config` (access filled in by auth). */
  options: RouteOptions;
}

/**
 * Builds the app while listening on Fastify's `fastify.initialization` diagnostics channel: the first instance
 * created gets an `onRoute` hook before any plugin registers, so every route is seen with the zod schemas it was
 * registered with (Fastify keeps them only inside its router).
 */
export async function captureRoutes<T>(build: () => Promise<T>): Promise<{ value: T; routes: CapturedRoute[] }> {
  const routes: CapturedRoute[] = [];
  let hooked = false;
  const onInit = (message: unknown) => {
    if (hooked) return;
    hooked = true;
    (message as { fastify: FastifyInstance }).fastify.addHook('onRoute', (options) => {
      for (const method of [options.method].flat()) routes.push({ method: String(method), url: options.url, options });
    });
  };
  subscribe('fastify.initialization', onInit);
  try {
    return { value: await build(), routes };
  } finally {
    unsubscribe('fastify.initialization', onInit);
  }
}

// ---- inputs from schemas ----------------------------------------------------------------------------------------

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
  format?: string;
}

const jsonSchemas = new WeakMap<z.ZodType, JsonSchema>();

/** The JSON Schema of what a zod schema accepts (its input side: before transforms and defaults). */
export function jsonSchemaOf(schema: unknown): JsonSchema | undefined {
  if (!(schema instanceof z.ZodType)) return undefined;
  let json = jsonSchemas.get(schema);
  if (!json) {
    json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
    jsonSchemas.set(schema, json);
  }
  return json;
}

/**
 * The options of the enum a transform leads to (`include=a,b` is a string piped into an array of an enum), which a
 * JSON Schema of the input side cannot show; undefined when there is none.
 */
export function enumBehind(schema: unknown): string[] | undefined {
  let current = schema as { _zod?: { def: Record<string, unknown> }; options?: unknown } | undefined;
  for (let depth = 0; current?._zod && depth < 10; depth++) {
    const def = current._zod.def;
    if (def['type'] === 'enum' && Array.isArray(current.options)) return current.options.map(String);
    current = (def['innerType'] ?? def['out'] ?? def['element']) as typeof current;
  }
  return undefined;
}

/**
 * Supplies generators for what a JSON Schema cannot say (refinements, transforms, ids that must exist). `path` is
 * the dotted property path from the root, array levels left out (`orderItems.foodId`).
 */
export type Hint = (path: string, schema: JsonSchema) => fc.Arbitrary<unknown> | undefined;

const TEXT_UNIT = fc.oneof(
  { weight: 12, arbitrary: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789') },
  { weight: 2, arbitrary: fc.constantFrom(' ', '-', '.', '_', ',', "'") },
  { weight: 1, arbitrary: fc.constantFrom('à', 'è', 'ß', '€', '😀', '中', 'ñ', '\u200b') },
);

function textArbitrary(min: number, max: number): fc.Arbitrary<string> {
  const upper = Math.max(min, Math.min(max, 24));
  return fc.string({ unit: TEXT_UNIT, minLength: min, maxLength: upper });
}

/** Mostly around the venue's evenings, sometimes anywhere in four-digit years (report ranges of centuries included). */
const dates = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.date({
      min: new Date('2025-06-01T00:00:00Z'),
      max: new Date('2027-06-01T00:00:00Z'),
      noInvalidDate: true,
    }),
  },
  {
    weight: 1,
    arbitrary: fc.date({
      min: new Date('1970-01-01T00:00:00Z'),
      max: new Date('9999-12-31T00:00:00Z'),
      noInvalidDate: true,
    }),
  },
);

export const isoDateTime: fc.Arbitrary<string> = fc
  .tuple(dates, fc.constantFrom('Z', '+01:00', '-05:30', 'ms'))
  .map(([date, zone]) => {
    const iso = date.toISOString();
    if (zone === 'ms') return iso;
    return iso.replace(/\.\d{3}Z$/, zone);
  });
export const isoDate: fc.Arbitrary<string> = dates.map((date) => date.toISOString().slice(0, 10));

/** Values that satisfy a JSON Schema (mostly: "valid-ish", since refinements are only as good as the hints). */
export function arbitraryOf(schema: JsonSchema, hint: Hint, path = ''): fc.Arbitrary<unknown> {
  const hinted = hint(path, schema);
  if (hinted) return hinted;
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return fc.oneof(...alternatives.map((alternative) => arbitraryOf(alternative, hint, path)));
  if (schema.allOf?.[0]) return arbitraryOf(schema.allOf[0], hint, path);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'object': {
      const model: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [key, property] of Object.entries(schema.properties ?? {})) {
        model[key] = arbitraryOf(property, hint, path ? `${path}.${key}` : key);
      }
      return fc.record(model, { requiredKeys: (schema.required ?? []).filter((key) => key in model) });
    }
    case 'array': {
      const min = schema.minItems ?? 0;
      const max = Math.min(schema.maxItems ?? 4, Math.max(min, 4));
      return fc.array(arbitraryOf(schema.items ?? {}, hint, path), { minLength: min, maxLength: max });
    }
    case 'string': {
      if (schema.format === 'date-time') return isoDateTime;
      if (schema.format === 'date') return isoDate;
      const min = schema.minLength ?? 0;
      const max = schema.maxLength ?? 40;
      if (schema.pattern) {
        return fc
          .stringMatching(new RegExp(schema.pattern))
          .map((value) => value.slice(0, max))
          .filter((value) => value.length >= min);
      }
      return textArbitrary(min, max);
    }
    case 'integer': {
      const min = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : -1000);
      const max = Math.min(
        schema.maximum ?? (schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - 1 : 1_000_000),
        Number.MAX_SAFE_INTEGER,
      );
      return fc.oneof(
        { weight: 4, arbitrary: fc.integer({ min, max: Math.min(max, min + 60) }) },
        {
          weight: 1,
          arbitrary: fc.maxSafeInteger().map((value) => min + (Math.abs(value) % Math.max(1, max - min + 1))),
        },
      );
    }
    case 'number':
      return fc.oneof(
        { weight: 4, arbitrary: fc.integer({ min: 0, max: 5000 }).map((cents) => cents / 100) },
        { weight: 1, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }) },
      );
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

// ---- mutations --------------------------------------------------------------------------------------------------

/** Strings that have broken parsers, id checks, SQL or file paths somewhere before. */
export const NASTY_STRINGS = [
  '',
  ' ',
  '\t\n',
  '0',
  '-1',
  '1.5',
  '1e309',
  'NaN',
  'Infinity',
  'null',
  'undefined',
  'true',
  '9007199254740993',
  '0x1F',
  '__proto__',
  'constructor',
  'toString',
  'c000000000000000000000000',
  'C000000000000000000000000',
  'c00000000000000000000000',
  'c0000000000000000000000000',
  "'; DROP TABLE orders; --",
  "1' OR '1'='1",
  '../../../../etc/passwd',
  '%00',
  '\u0000',
  '\ud800',
  '\u202e\u0041',
  'é'.repeat(60),
  '😀'.repeat(120),
  '<script>alert(1)</script>',
  'javascript:alert(1)',
  'x'.repeat(1000),
  'y'.repeat(70_000),
] as const;

/** Values of the wrong type, size or sign. */
export const weirdValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom<unknown>(...NASTY_STRINGS) },
  {
    weight: 4,
    arbitrary: fc.constantFrom<unknown>(
      null,
      true,
      false,
      0,
      -0,
      -1,
      1.5,
      0.001,
      -1e-9,
      1e21,
      1e308,
      -1e308,
      2 ** 53 + 2,
      2 ** 31,
      [],
      {},
      [null],
      [1, 2],
      { a: 1 },
      [[[]]],
    ),
  },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
  { weight: 1, arbitrary: fc.double() },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 1, arbitrary: fc.integer({ min: 1, max: 3000 }).map(nested) },
);

/** `depth` arrays inside each other. */
export function nested(depth: number): unknown {
  let value: unknown = 'deep';
  for (let index = 0; index < depth; index++) value = index % 2 === 0 ? [value] : { a: value };
  return value;
}

type Node = { path: Array<string | number>; value: unknown };

function nodesOf(value: unknown, path: Array<string | number> = [], into: Node[] = []): Node[] {
  into.push({ path, value });
  if (Array.isArray(value)) value.forEach((item, index) => nodesOf(item, [...path, index], into));
  else if (value !== null && typeof value === 'object')
    for (const [key, item] of Object.entries(value)) nodesOf(item, [...path, key], into);
  return into;
}

function parentOf(root: unknown, path: Array<string | number>): Record<string | number, unknown> {
  let current = root as Record<string | number, unknown>;
  for (const key of path.slice(0, -1)) current = current[key] as Record<string | number, unknown>;
  return current;
}

export interface Mutated {
  value: unknown;
  label: string;
}

/** One structural change to a generated value: a field dropped, added, retyped, wrapped, or the whole root replaced. */
export const structuralMutation: fc.Arbitrary<(value: unknown) => Mutated> = fc
  .record({
    kind: fc.constantFrom('drop', 'extra', 'replace', 'replace', 'replace', 'wrap', 'root', 'proto'),
    pick: fc.nat(),
    weird: weirdValue,
    key: fc.constantFrom('extra', 'id', 'isAdmin', 'role', '__proto__', 'constructor', '', 'ünïcødé', 'x'.repeat(300)),
  })
  .map(({ kind, pick, weird, key }) => (original: unknown): Mutated => {
    const value = structuredClone(original);
    const nodes = nodesOf(value);
    const inner = nodes.filter((node) => node.path.length > 0);
    const objects = nodes.filter(
      (node) => node.value !== null && typeof node.value === 'object' && !Array.isArray(node.value),
    );
    const describe = (path: Array<string | number>) => path.join('.') || '(root)';
    if (kind === 'root' || inner.length === 0) return { value: weird, label: `root=${short(weird)}` };
    if (kind === 'drop') {
      const node = inner[pick % inner.length] as Node;
      const parent = parentOf(value, node.path);
      const last = node.path.at(-1) as string | number;
      if (Array.isArray(parent)) parent.splice(last as number, 1);
      else delete parent[last];
      return { value, label: `drop ${describe(node.path)}` };
    }
    if (kind === 'extra' || kind === 'proto') {
      const node = (objects[pick % Math.max(1, objects.length)] ?? nodes[0]) as Node;
      if (node.value === null || typeof node.value !== 'object') return { value: weird, label: `root=${short(weird)}` };
      const name = kind === 'proto' ? '__proto__' : key;
      // defineProperty: a plain assignment to __proto__ would change the prototype instead of adding a key
      Object.defineProperty(node.value, name, {
        value: kind === 'proto' ? { role: 'admin', available: false } : weird,
        enumerable: true,
        writable: true,
        configurable: true,
      });
      return { value, label: `extra ${describe(node.path)}.${name}=${short(weird)}` };
    }
    const node = inner[pick % inner.length] as Node;
    const parent = parentOf(value, node.path);
    const last = node.path.at(-1) as string | number;
    parent[last] = kind === 'wrap' ? [node.value] : weird;
    return { value, label: `${kind} ${describe(node.path)}=${short(parent[last])}` };
  });

export function short(value: unknown, max = 60): string {
  let text: string;
  try {
    text = typeof value === 'string' ? JSON.stringify(value) : (JSON.stringify(value) ?? String(value));
  } catch {
    text = String(value);
  }
  return text.length > max ? `${text.slice(0, max)}…(${text.length})` : text;
}

/** A request body as sent: bytes (or nothing) and the content type (or none). */
export interface BodyCase {
  payload?: string | Buffer;
  contentType?: string;
  label: string;
}

/** Bodies broken below the JSON level: bad syntax, wrong media type, empty, too large, too deep, prototype keys. */
export function rawBodyMutation(valid: fc.Arbitrary<unknown>): fc.Arbitrary<BodyCase> {
  const json = 'application/json';
  return fc.oneof(
    fc.tuple(valid, fc.nat()).map(([value, cut]): BodyCase => {
      const text = JSON.stringify(value) ?? 'null';
      return { payload: text.slice(0, cut % Math.max(1, text.length)), contentType: json, label: 'truncated JSON' };
    }),
    fc.constantFrom<BodyCase>(
      { payload: '', contentType: json, label: 'empty JSON body' },
      { contentType: json, label: 'content-type without body' },
      { payload: '{', contentType: json, label: 'JSON "{"' },
      { payload: "{'a': 1}", contentType: json, label: 'single quotes' },
      { payload: '{"a": NaN}', contentType: json, label: 'NaN literal' },
      { payload: '{"a": 1,}', contentType: json, label: 'trailing comma' },
      { payload: '{"a": 1} // comment', contentType: json, label: 'comment' },
      { payload: '\ufeff{}', contentType: json, label: 'BOM' },
      { payload: '{"__proto__": {"role": "admin"}}', contentType: json, label: '__proto__ key' },
      {
        payload: '{"constructor": {"prototype": {"role": "admin"}}}',
        contentType: json,
        label: 'constructor.prototype',
      },
      { payload: 'null', contentType: json, label: 'null' },
      { payload: '"text"', contentType: json, label: 'JSON string' },
      { payload: '42', contentType: json, label: 'JSON number' },
      { payload: '[]', contentType: json, label: 'JSON array' },
      { payload: '{}', contentType: 'application/json; charset=utf-8', label: 'charset utf-8' },
      { payload: '{}', contentType: 'application/json; charset=utf-16', label: 'charset utf-16' },
      { payload: '{}', contentType: 'APPLICATION/JSON', label: 'upper-case type' },
      { payload: '{}', contentType: 'application/jsonx', label: 'jsonx' },
      { payload: '{}', contentType: 'application/vnd.api+json', label: 'vnd json' },
      { payload: 'a=1&b=2', contentType: 'application/x-www-form-urlencoded', label: 'form body' },
      { payload: '<a>1</a>', contentType: 'application/xml', label: 'xml body' },
      { payload: 'hello', contentType: 'text/plain', label: 'text/plain' },
      { payload: '{}', contentType: 'text/plain', label: 'JSON as text/plain' },
      { payload: '{}', label: 'no content-type' },
      { payload: Buffer.from([0xff, 0xfe, 0x00, 0x7b]), contentType: json, label: 'binary garbage' },
      { payload: '--x\r\nnot really\r\n', contentType: 'multipart/form-data; boundary=x', label: 'multipart garbage' },
      { payload: '{}', contentType: 'multipart/form-data', label: 'multipart without boundary' },
      { payload: '{}', contentType: ';;;', label: 'content-type ";;;"' },
      { payload: '{}', contentType: '', label: 'empty content-type' },
    ),
    fc.constantFrom(10_000, 100_000).map(
      (depth): BodyCase => ({
        payload: `${'['.repeat(depth)}${']'.repeat(depth)}`,
        contentType: json,
        label: `JSON nested ${depth} deep`,
      }),
    ),
    fc.constant<BodyCase>({
      payload: `{"name": "${'z'.repeat(300 * 1024)}"}`,
      contentType: json,
      label: '300 KiB JSON',
    }),
  );
}

// ---- multipart --------------------------------------------------------------------------------------------------

export interface Part {
  name: string;
  filename?: string;
  contentType?: string;
  data: Buffer | string;
}

/** A multipart/form-data body with any parts, optionally cut short (no closing boundary). */
export function multipart(
  parts: Part[],
  options: { boundary?: string; close?: boolean } = {},
): { payload: Buffer; contentType: string } {
  const boundary = options.boundary ?? 'pos-fuzz-boundary';
  const chunks: Buffer[] = [];
  for (const part of parts) {
    let head = `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"`;
    if (part.filename !== undefined) head += `; filename="${part.filename}"`;
    head += '\r\n';
    if (part.contentType !== undefined) head += `Content-Type: ${part.contentType}\r\n`;
    chunks.push(Buffer.from(`${head}\r\n`), Buffer.from(part.data), Buffer.from('\r\n'));
  }
  if (options.close !== false) chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

// ---- query strings ----------------------------------------------------------------------------------------------

/** A query object (arrays repeat their key) as `[key, value]` pairs. */
export function queryEntries(query: unknown): Array<[string, string]> {
  if (query === null || typeof query !== 'object' || Array.isArray(query)) return [];
  const entries: Array<[string, string]> = [];
  for (const [key, value] of Object.entries(query)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      entries.push([key, typeof item === 'string' ? item : (JSON.stringify(item) ?? '')]);
    }
  }
  return entries;
}

/** Raw additions to a query string that no serializer would produce. */
export const RAW_QUERY_GARBAGE = [
  '%ZZ=1',
  '%',
  '&&&',
  '=x',
  'a[b]=1',
  'a[]=1&a[]=2',
  '__proto__=1',
  'constructor[prototype][role]=admin',
  'include=foods%2Cingredients%2Cprinter',
  'limit=1e2',
  'page=-0',
  'x=%F0%9F%98%80',
  'x=%C0%AF',
  `long=${'q'.repeat(5000)}`,
] as const;
