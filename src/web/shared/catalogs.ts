import { addCatalog, type Catalog, hasCatalog, type Locale } from '../../i18n/translate.js';

// A page's words come in their own small chunk per language (src/web/build-catalogs.ts): the one the page shows is
// loaded before its first paint (start-page.tsx), another one when the page changes language. In Node (the
// component tests) every catalog is there from the start and nothing is loaded.

export type CatalogLoaders = Record<Locale, () => Promise<Catalog>>;

let loaders: CatalogLoaders | null = null;
const loading = new Map<Locale, Promise<void>>();

export function setCatalogLoaders(given: CatalogLoaders): void {
  loaders = given;
}

/** The language's words, ready for `translate` once this resolves; loaded once. */
export function loadCatalog(locale: Locale): Promise<void> {
  if (hasCatalog(locale) || !loaders) return Promise.resolve();
  let done = loading.get(locale);
  if (!done) {
    done = loaders[locale]().then((catalog) => addCatalog(locale, catalog));
    done.catch(() => loading.delete(locale)); // the next change of language asks again
    loading.set(locale, done);
  }
  return done;
}
