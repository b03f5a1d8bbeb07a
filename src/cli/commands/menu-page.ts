import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Command } from 'commander';
import { PACKAGE_ROOT } from '../../version.js';
import { connect } from '../client.js';
import { CliError } from '../errors.js';
import { singleFileMenuPage } from '../menu-page-html.js';
import { print } from '../output.js';
import type { GlobalOptions } from '../program.js';

/** `pos menu-page --out menu.html`: the customers' menu as one file that needs no connection (docs/menu-page.md). */
export function registerMenuPage(program: Command): void {
  program
    .command('menu-page')
    .description("write the customers' menu page as one self-contained HTML file (for a website or a poster's QR)")
    .requiredOption('--out <file>', 'the HTML file to write')
    .addHelpText('after', '\nExample:\n  pos menu-page --out menu.html')
    .action(async (flags: { out: string }, command: Command) => {
      const globals = command.optsWithGlobals<GlobalOptions>();
      const { PublicMenu } = await import('../../api/public-menu.js');
      const menu = PublicMenu.encode(await (await connect(globals)).publicMenu());
      const root = join(PACKAGE_ROOT, 'dist', 'menu-page');
      let parts: [string, string, string];
      try {
        parts = (await Promise.all(
          ['index.html', 'menu.js', 'menu.css'].map((file) => readFile(join(root, file), 'utf8')),
        )) as [string, string, string];
      } catch {
        throw new CliError('the menu page is not built: run `npm run build`');
      }
      const [html, js, css] = parts;
      const page = singleFileMenuPage({ html, js, css, menu });
      await writeFile(flags.out, page);
      const foods = menu.categories.reduce((sum, category) => sum + category.foods.length, 0);
      print(
        `${flags.out}: ${foods} foods in ${menu.categories.length} categories, ${Math.ceil(page.length / 1024)} KB`,
      );
    });
}
