// Every closed list of the contract, declared once. Plain data with no imports: the CLI starts fast, the browser
// bundle may take it, the storage schema types are written from it, and test/api/enums-migrations.test.ts checks
// that the migrations' CHECK constraints allow exactly these values.

export const ORDER_STATUSES = ['PENDING', 'CONFIRMED', 'COMPLETED', 'PICKED_UP'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const PAYMENT_METHODS = ['CASH', 'CARD'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const ORDER_SORT_FIELDS = ['createdAt', 'confirmedAt', 'completedAt', 'ticketNumber', 'total'] as const;
/** How an order is served: at the venue's tables, or taken away (asporto). */
export const ORDER_SERVICES = ['TABLE', 'TAKEAWAY'] as const;
export type OrderService = (typeof ORDER_SERVICES)[number];
/** What a food stands for besides being food: the cover charge per person, the takeaway fee. One food per role. */
export const FOOD_ROLES = ['COVER', 'TAKEAWAY_FEE'] as const;
export type FoodRole = (typeof FOOD_ROLES)[number];
export const STATION_STATUSES = ['WAITING', 'DONE'] as const;
export type StationStatus = (typeof STATION_STATUSES)[number];

export const PRINT_JOB_STATUSES = ['queued', 'printing', 'printed', 'failed', 'unroutable'] as const;
export type PrintJobStatus = (typeof PRINT_JOB_STATUSES)[number];
export const PRINT_JOB_KINDS = ['kitchen', 'receipt', 'reprint-kitchen', 'reprint-receipt', 'closure', 'test'] as const;
export type PrintJobKind = (typeof PRINT_JOB_KINDS)[number];

export const PRINTER_STATUSES = ['ONLINE', 'OFFLINE', 'ERROR'] as const;
export type PrinterStatus = (typeof PRINTER_STATUSES)[number];
/** Why a printer is in ERROR, as it answered the status query (an extension): what a volunteer fixes. */
export const PRINTER_STATUS_REASONS = ['PAPER_OUT', 'COVER_OPEN', 'NOT_READY'] as const;
export type PrinterStatusReason = (typeof PRINTER_STATUS_REASONS)[number];
/** Characters per line of the paper. */
export const PRINTER_COLUMNS = [32, 42, 48] as const;

export const ROLES = ['admin', 'operator'] as const;
export type Role = (typeof ROLES)[number];
export const KEY_SCOPES = ['printer', 'display', 'kitchen', 'pickup'] as const;
export type KeyScope = (typeof KEY_SCOPES)[number];

export const BANNER_TYPES = ['EVENT', 'SPONSOR'] as const;
export type BannerType = (typeof BANNER_TYPES)[number];

export const EVENT_CHANNELS = ['cashier', 'display', 'printer'] as const;
export type EventChannel = (typeof EVENT_CHANNELS)[number];

/** Report bucket sizes (`?groupBy=`). */
export const GROUP_BY = ['1h', '4h', '12h', 'day', 'all'] as const;
export type GroupBy = (typeof GROUP_BY)[number];
/** Saved reports: only closures today. */
export const REPORT_KINDS = ['closure'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

/** The venue's languages (`pos serve --locale`): one message catalog each in src/i18n. */
export const LOCALES = ['en', 'it'] as const;
export type Locale = (typeof LOCALES)[number];

/**
 * The symbols of a display code (the "A7K" on the TV and the ticket), which people type back (`pos orders show A7K`,
 * `?displayCode=`): no look-alikes, no 0/O, no 1/I/L. 31 symbols, 29,791 codes.
 */
export const DISPLAY_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const DISPLAY_CODE_LENGTH = 3;

/** The 14 allergens EU law asks a menu to declare, in the law's order (a food lists a subset). */
export const ALLERGENS = [
  'GLUTEN',
  'CRUSTACEANS',
  'EGGS',
  'FISH',
  'PEANUTS',
  'SOY',
  'MILK',
  'NUTS',
  'CELERY',
  'MUSTARD',
  'SESAME',
  'SULPHITES',
  'LUPIN',
  'MOLLUSCS',
] as const;
export type Allergen = (typeof ALLERGENS)[number];
