import { type ReactNode, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { type CatalogLoaders, loadCatalog, setCatalogLoaders } from './catalogs.js';
import { initialLocale } from './page-locale.js';

/**
 * Paints a page once the words of the language it starts in are there (a small chunk from the same server). Should
 * they not come, the page paints all the same: its words show as their keys until a reload.
 */
export async function startPage(catalogs: Record<string, () => Promise<Record<string, string>>>, app: ReactNode) {
  setCatalogLoaders(catalogs as CatalogLoaders);
  await loadCatalog(initialLocale()).catch(() => undefined);
  createRoot(document.getElementById('root') as HTMLElement).render(<StrictMode>{app}</StrictMode>);
}
