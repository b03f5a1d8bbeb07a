// What the web build (vite.config.ts) gives the pages beyond their TypeScript.

// The page's own words per language (src/web/build-catalogs.ts); a page's main.tsx hands them to startPage
// (src/web/shared/start-page.tsx).
declare module 'virtual:page-catalogs' {
  const catalogs: Record<string, () => Promise<Record<string, string>>>;
  export default catalogs;
}

// A style sheet loaded on demand (`import('./later.css')`): the build adds it to the page when the import resolves.
declare module '*.css';
