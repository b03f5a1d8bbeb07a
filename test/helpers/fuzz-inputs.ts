import fc from 'fast-check';
import { type BodyCase, multipart } from './fuzz.js';
import { JPEG_1X1, PNG_1X1, stripedPng } from './multipart.js';

// The endpoint fuzzer's fixed inputs: path ids that are not ids, file names under wildcard routes,
// banner image uploads, extra headers and idempotency keys. None depends on the app under test.

/** The table behind each resource of a path id. */
export const API_RESOURCE_TABLES: Record<string, string> = {
  users: 'users',
  'api-keys': 'api_keys',
  printers: 'printers',
  categories: 'categories',
  ingredients: 'ingredients',
  foods: 'foods',
  'cash-registers': 'cash_registers',
  banners: 'banners',
  orders: 'orders',
  'print-jobs': 'print_jobs',
  reports: 'reports',
};

/** Which table an id in a body or query refers to, by the field's name. */
export const ID_FIELD_TABLES: Record<string, string> = {
  foodId: 'foods',
  categoryId: 'categories',
  printerId: 'printers',
  defaultPrinterId: 'printers',
  cashRegisterId: 'cash_registers',
  cashRegister: 'cash_registers',
  userId: 'users',
  'ingredients.id': 'ingredients',
  'orderItems.id': 'order_items',
};

/** Path ids that are not ids: sent raw (already URL-encoded where they must be). */
export const BAD_PATH_IDS = [
  '0',
  '-1',
  '1.5',
  '1e3',
  '+1',
  '01',
  '0x1F',
  'NaN',
  'Infinity',
  'null',
  'true',
  '9007199254740992',
  '9007199254740993',
  '99999999999999999999999999999',
  '%20',
  '1%20',
  'c',
  'c00000000000000000000000',
  'c0000000000000000000000000',
  'C000000000000000000000000',
  'c00000000000000000000000%21',
  'c000000000000000000000000%20',
  '..',
  '%2e%2e',
  '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
  '__proto__',
  'constructor',
  '%00',
  '%ZZ',
  '%',
  '%C0%AF',
  '%ED%A0%80',
  '%F0%9F%98%80',
  '%27%20OR%201%3D1',
  'a'.repeat(101),
  'a'.repeat(5000),
] as const;

/** File names under the wildcard routes (/docs/static/*, /uploads/*). */
export const WILDCARD_PATHS = [
  'index.html',
  'swagger-ui.css',
  'swagger-initializer.js',
  'nope.png',
  '.hidden',
  '..%2F..%2Fsecret',
  '../../../etc/passwd',
  '%2e%2e/%2e%2e/etc/passwd',
  'a/b/c',
  '%00',
  '%ZZ',
  '%F0%9F%98%80.png',
  'x'.repeat(300),
  '',
] as const;

const png = PNG_1X1;
const striped = stripedPng(30, 12, [255, 128, 0], [0, 0, 0]);
const UPLOAD_FILES = [
  { label: 'png', data: png, type: 'image/png' },
  { label: 'jpeg', data: JPEG_1X1, type: 'image/jpeg' },
  { label: 'striped png', data: striped, type: 'image/png' },
  { label: 'png sent as text/plain', data: png, type: 'text/plain' },
  { label: 'jpeg sent as image/png', data: JPEG_1X1, type: 'image/png' },
  { label: 'gif', data: Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1'), type: 'image/gif' },
  {
    label: 'svg',
    data: '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
    type: 'image/svg+xml',
  },
  { label: 'text', data: 'hello', type: 'text/plain' },
  { label: 'png magic only', data: png.subarray(0, 8), type: 'image/png' },
  { label: 'truncated png', data: striped.subarray(0, striped.length - 20), type: 'image/png' },
  { label: 'jpeg magic only', data: Buffer.from([0xff, 0xd8, 0xff]), type: 'image/jpeg' },
  { label: 'empty file', data: Buffer.alloc(0), type: 'image/png' },
  {
    label: 'garbage',
    data: Buffer.from(Array.from({ length: 300 }, (_, i) => (i * 7919) % 256)),
    type: 'application/octet-stream',
  },
];
/** A banner image upload: a real or broken file, in a well-formed or broken multipart body. */
export const uploadArbitrary: fc.Arbitrary<BodyCase> = fc
  .tuple(
    fc.constantFrom(...UPLOAD_FILES),
    fc.constantFrom(
      'one',
      'one',
      'one',
      'one',
      'wrong field',
      'two files',
      'field then file',
      'fields only',
      'no parts',
      'unclosed',
      'boundary mismatch',
      'no boundary',
      'many fields',
      'traversal filename',
      'long field',
      'not multipart',
    ),
  )
  .map(([file, shape]): BodyCase => {
    const part = { name: 'image', filename: 'logo.png', contentType: file.type, data: file.data };
    const label = `${shape}: ${file.label}`;
    const sent = (body: { payload: Buffer; contentType: string }): BodyCase => ({ ...body, label });
    switch (shape) {
      case 'wrong field':
        return sent(multipart([{ ...part, name: 'file' }]));
      case 'two files':
        return sent(multipart([part, { ...part, filename: 'second.png' }]));
      case 'field then file':
        return sent(multipart([{ name: 'caption', data: 'hello' }, part]));
      case 'fields only':
        return sent(multipart([{ name: 'image', data: 'not a file' }]));
      case 'no parts':
        return sent(multipart([]));
      case 'unclosed':
        return sent(multipart([part], { close: false }));
      case 'boundary mismatch':
        return {
          payload: multipart([part], { boundary: 'one' }).payload,
          contentType: 'multipart/form-data; boundary=another',
          label,
        };
      case 'no boundary':
        return { payload: multipart([part]).payload, contentType: 'multipart/form-data', label };
      case 'many fields':
        return sent(multipart([...Array.from({ length: 8 }, (_, i) => ({ name: `f${i}`, data: 'x' })), part]));
      case 'traversal filename':
        return sent(multipart([{ ...part, filename: '../../../../tmp/évil\u0000.png' }]));
      case 'long field':
        return sent(multipart([{ name: 'caption', data: 'x'.repeat(5000) }, part]));
      case 'not multipart':
        return {
          payload: JSON.stringify({ image: file.data.toString('base64') }),
          contentType: 'application/json',
          label,
        };
      default:
        return sent(multipart([part]));
    }
  });

/** Mostly no extra header; sometimes one a client or proxy might send, odd or hostile. */
export const extraHeaders = fc.oneof(
  { weight: 8, arbitrary: fc.constant<Record<string, string>>({}) },
  {
    weight: 2,
    arbitrary: fc.constantFrom<Record<string, string>>(
      { accept: 'text/html' },
      { accept: 'application/xml;q=0.9, */*;q=0.1' },
      { 'accept-encoding': 'gzip, deflate, br' },
      { host: 'evil.example:99999' },
      { host: 'a b' },
      { host: '[::1]:80' },
      { host: '' },
      { 'x-forwarded-for': '1.2.3.4, garbage' },
      { 'x-forwarded-proto': 'gopher' },
      { range: 'bytes=999999-1' },
      { range: 'bytes=0-0,1-1,2-2' },
      { 'if-none-match': '*' },
      { 'if-modified-since': 'yesterday' },
      { 'content-encoding': 'gzip' },
      { expect: '100-continue' },
      { 'last-event-id': 'abc' },
      { 'last-event-id': '3' },
      { origin: 'null' },
      { 'user-agent': 'u'.repeat(8000) },
      { cookie: 'a=b; c' },
    ),
  },
);
/** None, a few repeated keys (replays), random ones, and keys at and past the length limit. */
export const idempotencyKey = fc.oneof(
  { weight: 3, arbitrary: fc.constant<string | undefined>(undefined) },
  { weight: 3, arbitrary: fc.constantFrom('fuzz-key-1', 'fuzz-key-2', 'fuzz-key-3') },
  { weight: 1, arbitrary: fc.string({ minLength: 1, maxLength: 40, unit: fc.constantFrom(...'abcdef0123456789-') }) },
  { weight: 1, arbitrary: fc.constantFrom('', ' ', 'k'.repeat(255), 'k'.repeat(256), 'ÿ'.repeat(10)) },
);
