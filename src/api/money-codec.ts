import { z } from 'zod';
import { centsToDecimal, centsToNumber, decimalToCents, isExactCents, MAX_CENTS, toCents } from './money.js';

// The one codec of money: on the wire an amount is a decimal string ("12.50") or a JSON number of currency units
// (12.5), as each field always was; everywhere else it is integer cents. The schemas of src/api use these codecs,
// so their input side is the wire and their output side is cents: the server validates requests into cents and its
// serializer encodes the cents its use cases hand it; the typed client (src/client) decodes responses and events
// into cents and encodes its requests from cents (`decodeMoney`, `encodeMoney` below).

const cents = z.number().int('must be whole cents');

/**
 * The OpenAPI document describes a response by the output side of its schema, which for these codecs is cents: the
 * metadata puts the wire's form in its place (and drops the integer bounds of the cents side).
 */
const wireDoc = (doc: Record<string, unknown>) => ({ ...doc, minimum: undefined, maximum: undefined });

/** A decimal string with exactly 2 decimals on the wire ("12.50", "-0.05"), integer cents inside. */
export const decimalMoney = z
  .codec(
    z
      .string()
      .regex(/^-?\d+\.\d{2}$/)
      .describe('decimal string with 2 decimals, e.g. "12.50"'),
    cents,
    {
      decode: (text, ctx) => {
        const value = decimalToCents(text);
        if (value !== null) return value;
        ctx.issues.push({ code: 'custom', message: 'must be a decimal string with 2 decimals', input: text });
        return z.NEVER;
      },
      encode: centsToDecimal,
    },
  )
  .meta(
    wireDoc({ type: 'string', pattern: '^-?\\d+\\.\\d{2}$', description: 'decimal string, 2 decimals, e.g. "12.50"' }),
  );

/** A JSON number of currency units with at most 2 decimals on the wire (12.5), integer cents inside. */
export const numberMoney = z
  .codec(z.number().describe('amount with at most 2 decimals, e.g. 12.5'), cents, {
    decode: (value, ctx) => {
      const result = toCents(value);
      if (result !== null) return result;
      ctx.issues.push({
        code: 'custom',
        message: 'must be an amount with at most 2 decimals',
        input: value,
        params: { code: 'not-an-amount' },
      });
      return z.NEVER;
    },
    encode: centsToNumber,
  })
  .meta(wireDoc({ type: 'number', description: 'amount with at most 2 decimals, e.g. 12.5' }));

/** An amount a request gives: a number with at most 2 decimals, not negative, not too large; cents inside. */
export const moneyInput = z.codec(
  z
    .number()
    .refine(isExactCents, { message: 'must be an amount with at most 2 decimals', params: { code: 'not-an-amount' } })
    .refine((value) => value >= 0, { message: 'must not be negative', params: { code: 'too-small', limit: 0 } })
    .refine((value) => (toCents(value) as number) <= MAX_CENTS, {
      message: 'is too large',
      params: { code: 'too-big' },
    }),
  cents,
  { decode: (value) => toCents(value) as number, encode: centsToNumber },
);

/** An amount a request gives that may be negative (a choice that lowers the price): at most 2 decimals; cents. */
export const signedMoneyInput = z.codec(
  z
    .number()
    .refine(isExactCents, { message: 'must be an amount with at most 2 decimals', params: { code: 'not-an-amount' } })
    .refine((value) => Math.abs(toCents(value) as number) <= MAX_CENTS, {
      message: 'is too large',
      params: { code: 'too-big' },
    }),
  cents,
  { decode: (value) => toCents(value) as number, encode: centsToNumber },
);

const MONEY = new Set<z.ZodType>([decimalMoney, numberMoney, moneyInput, signedMoneyInput]);

/**
 * Walks a value along its schema and converts only the amounts, leaving every other field as it came: a client
 * reads a newer server's answer (a field or a status it does not know yet) without failing on it. Objects,
 * arrays, optional, nullable, defaults and discriminated unions are followed; a union without a discriminator is
 * left as it is (no amount sits in one).
 */
function walk(
  schema: z.core.$ZodType,
  value: unknown,
  convert: (money: z.ZodType, value: unknown) => unknown,
): unknown {
  if (value === undefined || value === null) return value;
  if (MONEY.has(schema as z.ZodType)) return convert(schema as z.ZodType, value);
  const def = schema._zod.def as z.core.$ZodTypeDef & Record<string, unknown>;
  switch (def.type) {
    case 'object': {
      if (typeof value !== 'object' || Array.isArray(value)) return value;
      const shape = def['shape'] as Record<string, z.core.$ZodType>;
      const out: Record<string, unknown> = { ...(value as Record<string, unknown>) };
      for (const [key, field] of Object.entries(shape)) if (key in out) out[key] = walk(field, out[key], convert);
      return out;
    }
    case 'array':
      return Array.isArray(value) ? value.map((item) => walk(def['element'] as z.core.$ZodType, item, convert)) : value;
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
      return walk(def['innerType'] as z.core.$ZodType, value, convert);
    case 'pipe':
      return walk(def['in'] as z.core.$ZodType, value, convert);
    case 'union': {
      const key = def['discriminator'] as string | undefined;
      if (!key || typeof value !== 'object') return value;
      const tag = (value as Record<string, unknown>)[key];
      const option = (def['options'] as z.core.$ZodType[]).find((candidate) => {
        const field = (candidate._zod.def as { shape?: Record<string, z.core.$ZodType> }).shape?.[key];
        return field !== undefined && (field._zod.def as { values?: unknown[] }).values?.includes(tag);
      });
      return option ? walk(option, value, convert) : value;
    }
    default:
      return value;
  }
}

/** A wire value (a response, an event) with its amounts in cents, typed by the schema's output. */
export function decodeMoney<S extends z.ZodType>(schema: S, wire: unknown): z.output<S> {
  return walk(schema, wire, (money, value) => z.decode(money, value as never)) as z.output<S>;
}

/**
 * A request body written in cents, with its amounts as the wire has them; the rest as the caller wrote it (the
 * server fills in defaults).
 */
export function encodeMoney<S extends z.ZodType>(schema: S, body: unknown): z.input<S> {
  return walk(schema, body, (money, value) => z.encode(money, value as never)) as z.input<S>;
}
