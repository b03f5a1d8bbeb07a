import type { Locale } from '../api/enums.js';
import { en, type MessageKey } from './en.js';
import { it } from './it.js';
import { addCatalog } from './translate.js';

// Message catalogs per locale: plain data, importable from Node (printed tickets, the dashboard, tests). Importing
// this file hands every catalog to `translate`; the browser pages import translate.ts and load their own words.
// Adding a language: a catalog file beside en.ts and one line here (docs/languages.md).
// The list of languages is part of the contract (src/api/enums.ts, GET /health): each one has its catalog here.
export const CATALOGS: Record<Locale, Record<MessageKey, string>> = { en, it };
for (const [locale, catalog] of Object.entries(CATALOGS)) addCatalog(locale as Locale, catalog);

export * from './translate.js';
