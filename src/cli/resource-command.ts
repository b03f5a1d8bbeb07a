import type { Command } from 'commander';
import type { PosClient } from '../client/http.js';
import { z } from 'zod';
import {
  type CreatedOf,
  type InputOf,
  type PatchOf,
  type RecordOf,
  RESOURCES,
  type ResourcePath,
} from '../client/resources.js';
import { connect } from './client.js';
import { CliError, renameFields } from './errors.js';
import { type Column, formatRecord, formatTable, print, printJson } from './output.js';
import type { GlobalOptions } from './program.js';
import { resolveId } from './resolve.js';
import { terminalText } from '../client/terminal-text.js';

/** The body `add` and `edit` build from the flags: fields of the resource's input schema (src/api). */
export type Draft<P extends ResourcePath> = Partial<InputOf<P>>;

/** A record as people read it: with the name of the printer it points at, when it points at one. */
export type Shown<P extends ResourcePath> = RecordOf<P> & { printer?: string | null };

/** The flags of `add` / `edit` as commander hands them over. */
export type Flags = Record<string, unknown>;

/** One flag of `add` / `edit`: how it reads, and how it changes the request body. */
export interface FieldFlag<P extends ResourcePath> {
  flags: string;
  description: string;
  /** Sets the field(s) of the body from the flag's value (may call the API to resolve names). */
  apply: (body: Draft<P>, value: unknown, client: PosClient) => Promise<void> | void;
  /** The body field it sets, when one: a refusal of that field is said with the flag's name. */
  field?: string;
  requiredOnAdd?: boolean;
  defaultValue?: unknown;
}

export interface ResourceDefinition<P extends ResourcePath> {
  command: string;
  what: string;
  path: P;
  /** How people name a record (a name, a username): `show`, `edit` and `rm` find it by this. */
  nameOf: (record: RecordOf<P>) => string;
  /** How the argument calls it: "name" unless told. */
  nameLabel?: string;
  description: string;
  columns: Column<Shown<P>>[];
  /** Query for `show` / `edit` (to get everything a full replacement needs). */
  detailQuery?: Record<string, string>;
  fields: FieldFlag<P>[];
  /** Record → the body of a full replacement (PUT); absent for resources edited with PATCH. */
  toInput?: (record: RecordOf<P>) => InputOf<P>;
  /** `edit` with PATCH (users): the body of the PATCH from what the flags set. */
  toPatch?: (draft: Draft<P>) => PatchOf<P>;
  canEdit?: boolean;
  /** Extra steps of `add` and of a PATCH `edit` (a password prompt) before the request, from the flags. */
  beforeSend?: (body: Draft<P>, flags: Flags, editing: boolean) => Promise<void>;
  afterAdd?: (record: CreatedOf<P>, json: boolean) => void;
  examples?: string;
  /**
   * What still uses a record (`category Pizze`): `rm` of one in use asks first (and wants --yes when it cannot ask),
   * since the API deletes it and its users quietly lose it.
   */
  usedBy?: (client: PosClient, id: string) => Promise<string[]>;
  /** What deleting a record in use does to its users, said with the question. */
  usedByMeans?: string;
  /** How `show` prints some fields (money with two decimals); nested records print their names. */
  showAs?: Partial<Record<string, (value: unknown) => string>>;
  /** Adds what people read to records before they are printed as text (a printer's name for its id); not for --json. */
  enrich?: (rows: Array<RecordOf<P>>, client: PosClient) => Promise<Array<Shown<P>>>;
}

const nameOfValue = (value: unknown): string | null =>
  value !== null && typeof value === 'object' && typeof (value as { name?: unknown }).name === 'string'
    ? (value as { name: string }).name
    : null;

/** One field for people: a nested record by its name, a list of records as their names, the rest as JSON. */
function showValue(value: unknown): string | number | boolean | null {
  if (value === null || typeof value !== 'object') return value as string | number | boolean | null;
  if (Array.isArray(value)) {
    const names = value.map(nameOfValue);
    return names.every((name) => name !== null) ? names.join(', ') || '-' : JSON.stringify(value);
  }
  return nameOfValue(value) ?? JSON.stringify(value);
}

function record(value: object, showAs: ResourceDefinition<ResourcePath>['showAs'] = {}): string {
  return formatRecord(Object.entries(value).map(([key, v]) => [key, showAs[key] ? showAs[key](v) : showValue(v)]));
}

/** "a food", "an ingredient". */
// By sound, not by letter: "a user", "a unit", "an ingredient", "an order".
const withArticle = (what: string) => `${/^([aeio]|u(?!s|ni|r))/i.test(what) ? 'an' : 'a'} ${what}`;

async function applyFlags<P extends ResourcePath>(
  definition: ResourceDefinition<P>,
  flags: Flags,
  body: Draft<P>,
  client: PosClient,
  adding: boolean,
): Promise<boolean> {
  let changed = false;
  for (const field of definition.fields) {
    const value = flags[optionKey(field.flags)];
    if (value === undefined) {
      if (adding && field.requiredOnAdd)
        throw new CliError(`${definition.command} add needs ${field.flags.split(' ')[0]}`);
      continue;
    }
    await field.apply(body, value, client);
    changed = true;
  }
  return changed;
}

/** The request, its refusal saying `--width` where the server said `body.columns`. */
function inFlagTerms<P extends ResourcePath, T>(definition: ResourceDefinition<P>, request: Promise<T>): Promise<T> {
  const flagOf = Object.fromEntries(
    definition.fields.flatMap((field) => (field.field ? [[field.field, field.flags.split(' ')[0] as string]] : [])),
  );
  return request.catch((error: unknown) => {
    throw renameFields(error, flagOf);
  });
}

/** commander's attribute name of a flag: "--default-printer <p>" → defaultPrinter, "--no-x" → x. */
function optionKey(flags: string): string {
  const long = (flags.split(/[ ,]+/).find((part) => part.startsWith('--')) ?? '').replace(/^--(no-)?/, '');
  return long.replace(/-([a-z])/g, (_, char: string) => char.toUpperCase());
}

/** list / show / add / edit / rm for one resource of the API. */
export function registerResource<P extends ResourcePath>(program: Command, definition: ResourceDefinition<P>): Command {
  const nameLabel = definition.nameLabel ?? 'name';
  const group = program.command(definition.command).description(definition.description);
  if (definition.examples) group.addHelpText('after', `\nExamples:\n${definition.examples}`);
  const globalsOf = (command: Command) => command.optsWithGlobals<GlobalOptions>();
  const idOf = (client: PosClient, wanted: string) =>
    resolveId(client, definition.path, wanted, definition.what, definition.nameOf);
  const shown = async (rows: Array<RecordOf<P>>, client: PosClient): Promise<Array<Shown<P>>> =>
    definition.enrich ? definition.enrich(rows, client) : (rows as Array<Shown<P>>);

  group
    .command('list')
    .description(`list the ${definition.command}`)
    .action(async (_flags: unknown, command: Command) => {
      const globals = globalsOf(command);
      const client = await connect(globals);
      const rows = await client.list(definition.path);
      if (globals.json) return printJson(rows, z.array(RESOURCES[definition.path].record));
      if (rows.length === 0) return print(`no ${definition.command} yet`);
      print(formatTable(await shown(rows, client), definition.columns));
    });

  group
    .command('show')
    .description(`show one ${definition.what}`)
    .argument('<id-or-name>', `the ${definition.what}'s id or ${nameLabel}`)
    .action(async (wanted: string, _flags: unknown, command: Command) => {
      const globals = globalsOf(command);
      const client = await connect(globals);
      const value = await client.get(definition.path, await idOf(client, wanted), definition.detailQuery);
      if (globals.json) return printJson(value, RESOURCES[definition.path].record);
      const [one] = await shown([value], client);
      print(record(one as object, definition.showAs));
    });

  const add = group
    .command('add')
    .alias('create')
    .description(`create ${withArticle(definition.what)}`);
  for (const field of definition.fields) add.option(field.flags, field.description);
  add.action(async (flags: Flags, command: Command) => {
    const globals = globalsOf(command);
    const client = await connect(globals);
    const body: Draft<P> = {};
    for (const field of definition.fields)
      if (field.defaultValue !== undefined) await field.apply(body, field.defaultValue, client);
    await applyFlags(definition, flags, body, client, true);
    await definition.beforeSend?.(body, flags, false);
    // The server checks the body against the same schema: a missing field is its 400, said in its words.
    const created = await inFlagTerms(definition, client.create(definition.path, body as InputOf<P>));
    if (definition.afterAdd) return definition.afterAdd(created, globals.json === true);
    if (globals.json) return printJson(created, RESOURCES[definition.path].created);
    // Without afterAdd, what POST answers is the record itself.
    print(`created ${definition.what} ${definition.nameOf(created as RecordOf<P>)} (${created.id})`);
  });

  if (definition.canEdit !== false) {
    const edit = group
      .command('edit')
      .description(`change ${withArticle(definition.what)}: only the flags given change`)
      .argument('<id-or-name>', `the ${definition.what}'s id or ${nameLabel}`);
    for (const field of definition.fields) edit.option(field.flags, field.description);
    edit.action(async (wanted: string, flags: Flags, command: Command) => {
      const globals = globalsOf(command);
      const client = await connect(globals);
      const id = await idOf(client, wanted);
      let updated: RecordOf<P>;
      if (definition.toPatch) {
        const body: Draft<P> = {};
        if (!(await applyFlags(definition, flags, body, client, false)))
          throw new CliError('nothing to change: give at least one flag');
        await definition.beforeSend?.(body, flags, true);
        updated = await inFlagTerms(definition, client.patch(definition.path, id, definition.toPatch(body)));
      } else {
        const current = await client.get(definition.path, id, definition.detailQuery);
        const body: Draft<P> = (definition.toInput as (record: RecordOf<P>) => InputOf<P>)(current);
        if (!(await applyFlags(definition, flags, body, client, false)))
          throw new CliError('nothing to change: give at least one flag');
        updated = await inFlagTerms(definition, client.replace(definition.path, id, body as InputOf<P>));
      }
      if (globals.json) return printJson(updated, RESOURCES[definition.path].record);
      print(`updated ${definition.what} ${definition.nameOf(updated) || id}`);
    });
  }

  const rm = group
    .command('rm')
    .description(`delete a ${definition.what}`)
    .argument('<id-or-name>', `the ${definition.what}'s id or ${nameLabel}`);
  if (definition.usedBy) rm.option('-y, --yes', `delete it even when something still uses it`);
  rm.action(async (wanted: string, flags: { yes?: boolean }, command: Command) => {
    const globals = globalsOf(command);
    const client = await connect(globals);
    const id = await idOf(client, wanted);
    const users = flags.yes || !definition.usedBy ? [] : await definition.usedBy(client, id);
    if (users.length > 0) {
      const said = `${definition.what} ${wanted} is still used by ${users.join(', ')}${definition.usedByMeans ? `: ${definition.usedByMeans}` : ''}`;
      if (!process.stdin.isTTY) throw new CliError(`${said}. Give --yes to delete it anyway`);
      const { createInterface } = await import('node:readline/promises');
      const rl = createInterface({ input: process.stdin, output: process.stderr });
      const answer = await rl.question(terminalText(`${said}. Delete it? [y/N] `, { singleLine: true }));
      rl.close();
      if (!/^y(es)?$/i.test(answer.trim())) throw new CliError('not deleted');
    }
    await client.remove(definition.path, id);
    if (globals.json) return printJson({ deleted: id });
    print(`deleted ${definition.what} ${wanted}`);
  });
  return group;
}
