import { type ReactNode, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import type { Locale } from '../../i18n/translate.js';
import { type CatalogLoaders, loadCatalog, setCatalogLoaders } from './catalogs.js';
import { initialLocale } from './page-locale.js';

/**
 * Paints a page once the words of the language it starts in are there (a small chunk from the same server). Should
 * they not come, the page paints all the same: its words show as their keys until a reload. The other languages'
 * words follow once the page has loaded, so a till that lost the Wi-Fi still changes language.
 */
export async function startPage(catalogs: Record<string, () => Promise<Record<string, string>>>, app: ReactNode) {
  const loaders = catalogs as CatalogLoaders;
  setCatalogLoaders(loaders);
  await loadCatalog(initialLocale()).catch(() => undefined);
  createRoot(document.getElementById('root') as HTMLElement).render(<StrictMode>{app}</StrictMode>);
  const rest = () => {
    for (const locale of Object.keys(loaders) as Locale[]) loadCatalog(locale).catch(() => undefined);
  };
  if (document.readyState === 'complete') rest();
  else window.addEventListener('load', rest, { once: true });
}
