import { readFile } from 'node:fs/promises';
import { toCents } from '../api/money.js';
import type { PosClient } from '../client/http.js';
import { CliError } from './errors.js';
import { resolveId } from './resolve.js';

// `pos foods add|edit --choices-file groups.json` (docs/cli.md, "Choices"): a food's groups of choices written as a
// JSON list, the way a person writes them: amounts in currency units ("priceDelta": 1.5), a set menu's course named
// by its food ("food": "Tagliatelle al ragù", or its id). The server checks the rest and answers in words.

interface FileOption {
  name?: unknown;
  priceDelta?: unknown;
  food?: unknown;
  available?: unknown;
}

interface FileGroup {
  name?: unknown;
  min?: unknown;
  max?: unknown;
  options?: unknown;
}

/** The groups of the file as the API takes them (amounts in cents, foods by id). */
export async function readChoicesFile(client: PosClient, file: string) {
  let parsed: unknown;
  try {
    parsed = JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    throw new CliError(`cannot read ${file}: ${(error as Error).message}`);
  }
  if (!Array.isArray(parsed)) throw new CliError(`${file} must hold a JSON list of groups ([] removes them all)`);
  return Promise.all(
    (parsed as FileGroup[]).map(async (group, g) => {
      if (!group || typeof group !== 'object' || !Array.isArray(group.options)) {
        throw new CliError(`${file}: group ${g + 1} needs a name and a list of options`);
      }
      return {
        name: String(group.name ?? ''),
        ...(group.min === undefined ? {} : { min: Number(group.min) }),
        ...(group.max === undefined ? {} : { max: Number(group.max) }),
        options: await Promise.all(
          (group.options as FileOption[]).map(async (option, o) => {
            const where = `${file}: group ${g + 1}, option ${o + 1}`;
            const delta = option.priceDelta === undefined ? 0 : toCents(Number(option.priceDelta));
            if (delta === null) throw new CliError(`${where}: priceDelta must be an amount such as 1.5 or -2`);
            return {
              name: String(option.name ?? ''),
              priceDelta: delta,
              foodId:
                option.food === undefined || option.food === null
                  ? null
                  : await resolveId(client, '/v1/foods', String(option.food), 'food'),
              available: option.available === undefined ? true : option.available === true,
            };
          }),
        ),
      };
    }),
  );
}
