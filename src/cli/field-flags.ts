import { formatAmount } from '../i18n/index.js';
import type { PosClient } from '../client/http.js';
import type { InputOf, RecordOf, ResourcePath } from '../client/resources.js';
import type { Draft, FieldFlag, Shown } from './resource-command.js';
import { resolveId } from './resolve.js';

// The kinds of flag the catalogue commands share. A flag's text goes into the body as given: the server checks it
// against the resource's schema and answers a 400 in words when it does not fit.

/** A field of the resource's input, by name. */
type FieldOf<P extends ResourcePath> = keyof InputOf<P> & string;

const set = <P extends ResourcePath>(body: Draft<P>, field: FieldOf<P>, value: unknown) => {
  (body as Record<string, unknown>)[field] = value;
};

/**
 * The flag makers of one resource, typed by its input schema: `flagsOf('/v1/printers').text('--ip <address>', …,
 * 'ip')` only takes fields a printer has.
 */
export function flagsOf<P extends ResourcePath>(_path: P) {
  const text = (flags: string, description: string, field: FieldOf<P>, requiredOnAdd = false): FieldFlag<P> => ({
    flags,
    description,
    field,
    requiredOnAdd,
    apply: (body, value) => set(body, field, value),
  });

  /** A switch; "--no-x" flags arrive as x=false, the others as true. */
  const toggle = (flags: string, description: string, field: FieldOf<P>, on: boolean): FieldFlag<P> => ({
    flags,
    description,
    field,
    apply: (body, value) => {
      if (value === !flags.startsWith('--no-')) set(body, field, on);
    },
  });

  /** A value read by `parse` (a whole number, an amount), which says in words what is wrong. */
  const parsed = (
    flags: string,
    description: string,
    field: FieldOf<P>,
    parse: (text: string, flag: string) => unknown,
    requiredOnAdd = false,
  ): FieldFlag<P> => ({
    flags,
    description,
    field,
    requiredOnAdd,
    apply: (body, value) => set(body, field, parse(String(value), flags.split(' ')[0] as string)),
  });

  /** A printer given by name or id, or "none". */
  const printerRef = (flags: string, description: string, field: FieldOf<P>, requiredOnAdd = false): FieldFlag<P> => ({
    flags,
    description,
    field,
    requiredOnAdd,
    apply: async (body, value, client) => {
      set(body, field, value === 'none' ? null : await resolveId(client, '/v1/printers', String(value), 'printer'));
    },
  });

  return { text, toggle, parsed, printerRef };
}

/** Cents as the CLI writes amounts: `7.50`, no currency sign, no grouping (columns and scripts read it). */
export const money = (cents: unknown) => (typeof cents === 'number' ? formatAmount('en', cents, false) : '-');

/**
 * Volunteers know printers by name ("Cucina"), not by id: records that point at a printer get its name beside the
 * id field (`printerId` → `printer`), read once per command. An id no printer has any more is shown as it is.
 */
export const printerNames =
  <P extends ResourcePath>(printerIdOf: (record: RecordOf<P>) => string | null) =>
  async (rows: Array<RecordOf<P>>, client: PosClient): Promise<Array<Shown<P>>> => {
    if (!rows.some((row) => printerIdOf(row) !== null)) return rows.map((row) => ({ ...row, printer: null }));
    const names = new Map((await client.printers()).map((printer) => [printer.id, printer.name]));
    return rows.map((row) => {
      const id = printerIdOf(row);
      return { ...row, printer: id === null ? null : (names.get(id) ?? id) };
    });
  };
