import t from 'tap';
import { EMBEDDED_ID, singleFileMenuPage } from '../../src/cli/menu-page-html.js';

// `pos menu-page` pours the built page into one file (docs/menu-page.md): the script and style inline, the menu
// embedded, and nothing in them can close the element it sits in.

const html = `<!doctype html>
<html lang="en">
  <head>
    <script type="module" crossorigin src="/menu-page/menu.js"></script>
    <link rel="stylesheet" crossorigin href="/menu-page/menu.css">
  </head>
  <body><div id="root"></div></body>
</html>`;

t.test(
  'one file: no reference left to the built files, the menu embedded as JSON that cannot end its element',
  async (t) => {
    const page = singleFileMenuPage({
      html,
      js: 'const tag = "</script>"; console.log(tag, "$&");',
      css: 'body{color:red}',
      menu: { venue: 'Sagra </script><script>alert(1)</script>', categories: [] },
    });
    t.notMatch(page, /src=|href=/, 'no file is fetched');
    t.match(page, '<style>body{color:red}</style>');
    t.match(page, 'const tag = "<\\/script>"; console.log(tag, "$&");', 'the script kept as is, `$&` included');
    const json = page.slice(page.indexOf(`id="${EMBEDDED_ID}">`) + EMBEDDED_ID.length + 6, page.indexOf('</script>'));
    t.same(JSON.parse(json).venue, 'Sagra </script><script>alert(1)</script>', 'the menu reads back as it was');
    t.equal(page.match(/<\/script>/g)?.length, 2, 'two script elements end, at their own ends');
  },
);

t.test('a build that is not the expected page is refused', async (t) => {
  t.throws(() => singleFileMenuPage({ html: '<html></html>', js: '', css: '', menu: {} }), /not the one expected/);
});
