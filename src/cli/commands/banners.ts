import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { Command } from 'commander';
import { connect } from '../client.js';
import { CliError } from '../errors.js';
import { flagsOf } from '../field-flags.js';
import { print, printJson } from '../output.js';
import type { GlobalOptions } from '../program.js';
import { registerResource } from '../resource-command.js';
import { resolveId } from '../resolve.js';

const { text, toggle } = flagsOf('/v1/banners');

/** `pos banners`: event and sponsor banners of the ready-number screen, and their images. */
export function registerBanners(program: Command): void {
  registerResource(program, {
    command: 'banners',
    what: 'banner',
    path: '/v1/banners',
    nameOf: (r) => r.name,
    description: 'event and sponsor banners for the ready-number screen',
    columns: [
      { header: 'id', value: (r) => r.id },
      { header: 'type', value: (r) => r.type },
      { header: 'name', value: (r) => r.name },
      { header: 'title', value: (r) => r.title },
      { header: 'active', value: (r) => r.active },
      { header: 'image', value: (r) => (r.image ? 'yes' : 'no') },
    ],
    fields: [
      text('--name <name>', 'internal name', 'name', true),
      text('--type <type>', 'EVENT or SPONSOR', 'type', true),
      text('--title <text>', 'title shown on the screen', 'title', true),
      text('--description <text>', 'tagline', 'description'),
      text('--website <url>', 'http(s) address', 'website'),
      text('--social1 <handle>', 'first social handle', 'social1'),
      text('--social2 <handle>', 'second social page', 'social2'),
      text('--color <hex>', 'colour such as ff8800', 'color'),
      text('--date-time <iso>', 'event date and time (ISO 8601)', 'dateTime'),
      toggle('--active', 'shown on screens', 'active', true),
      toggle('--inactive', 'hidden', 'active', false),
    ],
    toInput: ({ id: _id, image: _image, ...rest }) => rest,
    beforeSend: async (body) => {
      body.description ??= '';
      body.website ??= '';
      body.social1 ??= '';
      body.social2 ??= '';
      body.color ??= '333333';
      body.dateTime ??= new Date().toISOString();
      body.active ??= true;
    },
    examples:
      '  pos banners add --name ProLoco --type SPONSOR --title "Pro Loco" --color ff8800\n  pos banners image ProLoco logo.png',
  }).addCommand(bannerImageCommand());
}

function bannerImageCommand(): Command {
  return new Command('image')
    .description('upload the image of a banner (PNG or JPEG, at most 5 MiB)')
    .argument('<banner>', 'banner name or id')
    .argument('<file>', 'image file')
    .action(async (banner: string, file: string, _flags: unknown, command: Command) => {
      const globals = command.optsWithGlobals<GlobalOptions>();
      let bytes: Buffer;
      try {
        bytes = readFileSync(file);
      } catch (error) {
        throw new CliError(`cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
      }
      const client = await connect(globals);
      const id = await resolveId(client, '/v1/banners', banner, 'banner');
      const form = new FormData();
      form.append('image', new Blob([new Uint8Array(bytes)]), basename(file));
      const updated = await client.uploadBannerImage(id, form);
      if (globals.json) return printJson(updated);
      print(`image of ${updated.name} uploaded: ${updated.image}`);
    });
}
