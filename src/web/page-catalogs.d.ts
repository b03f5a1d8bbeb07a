// The page's own words per language, made by the web build (vite.config.ts, src/web/build-catalogs.ts); a page's
// main.tsx hands them to startPage (src/web/shared/start-page.tsx).
declare module 'virtual:page-catalogs' {
  const catalogs: Record<'en' | 'it', () => Promise<Record<string, string>>>;
  export default catalogs;
}
