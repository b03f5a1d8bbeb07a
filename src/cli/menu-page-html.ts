// The single-file menu page (`pos menu-page`, docs/menu-page.md): the built page with its script and style poured
// in and the menu embedded, so it works from a website, a phone's downloads or a USB stick, with no connection.

/** The id the page looks for its embedded menu under (src/web/menu/menu-data.ts). */
export const EMBEDDED_ID = 'pos-menu';

/** Text that must not end the element it sits in: `</script` inside a script, `<!--` that would open a comment. */
function scriptSafe(text: string): string {
  return text.replace(/<\/(script)/gi, '<\\/$1').replace(/<!--/g, '<\\!--');
}

/** JSON inside `<script type="application/json">`: `<` written as `\u003c`, which JSON reads back as `<`. */
function jsonSafe(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

export function singleFileMenuPage(page: { html: string; js: string; css: string; menu: unknown }) {
  const script = /<script[^>]*\ssrc="[^"]*menu\.js"[^>]*><\/script>/;
  const style = /<link[^>]*\shref="[^"]*menu\.css"[^>]*>/;
  if (!script.test(page.html) || !style.test(page.html)) throw new Error('the built menu page is not the one expected');
  return page.html
    .replace(style, () => `<style>${page.css.replace(/<\/(style)/gi, '<\\/$1')}</style>`)
    .replace(
      script,
      () =>
        `<script type="application/json" id="${EMBEDDED_ID}">${jsonSafe(page.menu)}</script>\n` +
        `    <script type="module">${scriptSafe(page.js)}</script>`,
    );
}
