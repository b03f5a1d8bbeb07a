import type { Command } from 'commander';
import { type ApiClient, connect } from './client.js';
import { CliError } from './errors.js';
import { type Column, formatRecord, formatTable, print, printJson } from './output.js';
import type { GlobalOptions } from './program.js';
import { resolveId } from './resolve.js';

type Json = Record<string, unknown>;

/** One flag of `add` / `edit`: how it reads, and how it changes the request body. */
export interface FieldFlag {
  flags: string;
  description: string;
  /** Sets the field(s) of the body from the flag's value (may call the API to resolve names). */
  apply: (body: Json, value: unknown, client: ApiClient) => Promise<void> | void;
  requiredOnAdd?: boolean;
  defaultValue?: unknown;
}

export interface ResourceDefinition {
  command: string;
  what: string;
  path: string;
  nameField?: string;
  description: string;
  columns: Column<Json>[];
  /** Query for `show` / `edit` (to get everything a full replacement needs). */
  detailQuery?: Record<string, string>;
  fields: FieldFlag[];
  /** Record → the body of a full replacement (PUT); absent for resources edited with PATCH. */
  toInput?: (record: Json) => Json;
  /** `edit` with PATCH (users). */
  patchOnly?: boolean;
  canEdit?: boolean;
  /** Extra steps of `add` (a password prompt) before the request. */
  beforeAdd?: (body: Json, flags: Json) => Promise<void>;
  afterAdd?: (record: Json, json: boolean) => void;
  examples?: string;
  /** How `show` prints some fields (money with two decimals); nested records print their names. */
  showAs?: Record<string, (value: unknown) => string>;
  /** Adds what people read to records before they are printed as text (a printer's name for its id); not for --json. */
  enrich?: (rows: Json[], client: ApiClient) => Promise<Json[]>;
}

const nameOf = (value: unknown): string | null =>
  value !== null && typeof value === 'object' && typeof (value as Json)['name'] === 'string' ? ((value as Json)['name'] as string) : null;

/** One field for people: a nested record by its name, a list of records as their names, the rest as JSON. */
function showValue(value: unknown): string | number | boolean | null {
  if (value === null || typeof value !== 'object') return value as string | number | boolean | null;
  if (Array.isArray(value)) {
    const names = value.map(nameOf);
    return names.every((name) => name !== null) ? names.join(', ') || '-' : JSON.stringify(value);
  }
  return nameOf(value) ?? JSON.stringify(value);
}

function record(value: Json, showAs: ResourceDefinition['showAs'] = {}): string {
  return formatRecord(Object.entries(value).map(([key, v]) => [key, showAs[key] ? showAs[key](v) : showValue(v)]));
}

/** "a food", "an ingredient". */
const withArticle = (what: string) => `${/^[aeiou]/i.test(what) ? 'an' : 'a'} ${what}`;

async function applyFlags(definition: ResourceDefinition, flags: Json, body: Json, client: ApiClient, adding: boolean): Promise<boolean> {
  let changed = false;
  for (const field of definition.fields) {
    const key = optionKey(field.flags);
    const value = flags[key];
    if (value === undefined) {
      if (adding && field.requiredOnAdd) throw new CliError(`${definition.command} add needs ${field.flags.split(' ')[0]}`);
      continue;
    }
    await field.apply(body, value, client);
    changed = true;
  }
  return changed;
}

/** commander's attribute name of a flag: "--default-printer <p>" → defaultPrinter, "--no-x" → x. */
function optionKey(flags: string): string {
  const long = (flags.split(/[ ,]+/).find((part) => part.startsWith('--')) ?? '').replace(/^--(no-)?/, '');
  return long.replace(/-([a-z])/g, (_, char: string) => char.toUpperCase());
}

/** list / show / add / edit / rm for one resource of the API. */
export function registerResource(program: Command, definition: ResourceDefinition): Command {
  const nameField = definition.nameField ?? 'name';
  const group = program.command(definition.command).description(definition.description);
  if (definition.examples) group.addHelpText('after', `\nExamples:\n${definition.examples}`);
  const globalsOf = (command: Command) => command.optsWithGlobals<GlobalOptions>();
  const idOf = (client: ApiClient, wanted: string) => resolveId(client, definition.path, wanted, definition.what, nameField);

  group
    .command('list')
    .description(`list the ${definition.command}`)
    .action(async (_flags: unknown, command: Command) => {
      const globals = globalsOf(command);
      const client = await connect(globals);
      const rows = await client.get<Json[]>(definition.path);
      if (globals.json) return printJson(rows);
      if (rows.length === 0) return print(`no ${definition.command} yet`);
      print(formatTable(definition.enrich ? await definition.enrich(rows, client) : rows, definition.columns));
    });

  group
    .command('show')
    .description(`show one ${definition.what}`)
    .argument('<id-or-name>', `the ${definition.what}'s id or ${nameField}`)
    .action(async (wanted: string, _flags: unknown, command: Command) => {
      const globals = globalsOf(command);
      const client = await connect(globals);
      const value = await client.get<Json>(`${definition.path}/${await idOf(client, wanted)}`, definition.detailQuery);
      if (globals.json) return printJson(value);
      const [shown] = definition.enrich ? await definition.enrich([value], client) : [value];
      print(record(shown as Json, definition.showAs));
    });

  const add = group.command('add').description(`create ${withArticle(definition.what)}`);
  for (const field of definition.fields) add.option(field.flags, field.description);
  add.action(async (flags: Json, command: Command) => {
    const globals = globalsOf(command);
    const client = await connect(globals);
    const body: Json = {};
    for (const field of definition.fields) if (field.defaultValue !== undefined) await field.apply(body, field.defaultValue, client);
    await applyFlags(definition, flags, body, client, true);
    await definition.beforeAdd?.(body, flags);
    const created = await client.post<Json>(definition.path, body);
    if (definition.afterAdd) return definition.afterAdd(created, globals.json === true);
    if (globals.json) return printJson(created);
    print(`created ${definition.what} ${String(created[nameField] ?? '')} (${String(created['id'])})`);
  });

  if (definition.canEdit !== false) {
    const edit = group
      .command('edit')
      .description(`change ${withArticle(definition.what)}: only the flags given change`)
      .argument('<id-or-name>', `the ${definition.what}'s id or ${nameField}`);
    for (const field of definition.fields) edit.option(field.flags, field.description);
    edit.action(async (wanted: string, flags: Json, command: Command) => {
      const globals = globalsOf(command);
      const client = await connect(globals);
      const id = await idOf(client, wanted);
      let updated: Json;
      if (definition.patchOnly) {
        const body: Json = {};
        if (!(await applyFlags(definition, flags, body, client, false))) throw new CliError('nothing to change: give at least one flag');
        await definition.beforeAdd?.(body, { ...flags, editing: true });
        updated = await client.patch<Json>(`${definition.path}/${id}`, body);
      } else {
        const current = await client.get<Json>(`${definition.path}/${id}`, definition.detailQuery);
        const body = (definition.toInput as (record: Json) => Json)(current);
        if (!(await applyFlags(definition, flags, body, client, false))) throw new CliError('nothing to change: give at least one flag');
        updated = await client.put<Json>(`${definition.path}/${id}`, body);
      }
      if (globals.json) return printJson(updated);
      print(`updated ${definition.what} ${String(updated[nameField] ?? id)}`);
    });
  }

  group
    .command('rm')
    .description(`delete a ${definition.what}`)
    .argument('<id-or-name>', `the ${definition.what}'s id or ${nameField}`)
    .action(async (wanted: string, _flags: unknown, command: Command) => {
      const globals = globalsOf(command);
      const client = await connect(globals);
      const id = await idOf(client, wanted);
      await client.delete(`${definition.path}/${id}`);
      if (globals.json) return printJson({ deleted: id });
      print(`deleted ${definition.what} ${wanted}`);
    });
  return group;
}
