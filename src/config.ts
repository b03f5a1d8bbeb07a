import { parseDuration } from './core/duration.js';
import { isValidTimezone, machineTimezone, parseHhMm } from './core/venue-time.js';
import type { Durability } from './storage/database.js';
import { isPostgresUrl } from './storage/postgres-url.js';
import { isLocale, type Locale, LOCALES } from './i18n/index.js';

/** Everything `pos serve` can be told, after defaults and validation. */
export interface ServerConfig {
  dataDir: string | undefined;
  /** A `postgres://` URL: the data lives in that PostgreSQL database, not in the data dir's SQLite file. */
  databaseUrl?: string | undefined;
  port: number;
  host: string;
  timezone: string;
  /** The venue's language: printed tickets, the TV, the screens' default, the dashboard (not the API or the CLI). */
  locale: Locale;
  /** Whether the till asks for a table (table service); false: counter service, the till sends "—". */
  tables: boolean;
  ticketReset: string;
  dayStart: string;
  durability: Durability;
  printing: 'on' | 'off';
  keepAliveMs: number;
  tokenTtlSeconds: number;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'silent';
  /** How often the status monitor probes each printer. */
  printerProbeMs: number;
  /** Rotating online backups while serving; null = off. */
  backup: { everyMs: number; dir: string; keep: number } | null;
}

const DEFAULT_PORT = 4300;

export function defaultConfig(): ServerConfig {
  return {
    dataDir: undefined,
    port: DEFAULT_PORT,
    host: '0.0.0.0',
    timezone: process.env['POS_TIMEZONE'] || machineTimezone(),
    locale: (process.env['POS_LOCALE'] || 'en') as Locale,
    tables: true,
    ticketReset: '12:00',
    dayStart: '07:00',
    durability: 'full',
    printing: 'on',
    keepAliveMs: 15_000,
    tokenTtlSeconds: 12 * 3600,
    logLevel: 'warn',
    printerProbeMs: 5000,
    backup: null,
  };
}

/** A user-fixable configuration mistake: the CLI prints the message and exits 1. */
export class ConfigError extends Error {}

export function validateConfig(config: ServerConfig): ServerConfig {
  if (!Number.isInteger(config.port) || config.port < 0 || config.port > 65535) {
    throw new ConfigError(`--port must be a number from 0 to 65535, got ${config.port}`);
  }
  if (!isValidTimezone(config.timezone)) {
    throw new ConfigError(`--timezone must be an IANA time zone such as Europe/Rome, got "${config.timezone}"`);
  }
  if (!isLocale(config.locale))
    throw new ConfigError(`--locale must be one of ${LOCALES.join(', ')}, got "${config.locale}"`);
  if (!parseHhMm(config.ticketReset))
    throw new ConfigError(`--ticket-reset must be HH:MM, got "${config.ticketReset}"`);
  if (!parseHhMm(config.dayStart)) throw new ConfigError(`--day-start must be HH:MM, got "${config.dayStart}"`);
  if (!['full', 'normal'].includes(config.durability)) {
    throw new ConfigError(`--durability must be full or normal, got "${config.durability}"`);
  }
  if (!['on', 'off'].includes(config.printing))
    throw new ConfigError(`--printing must be on or off, got "${config.printing}"`);
  if (config.databaseUrl !== undefined && !isPostgresUrl(config.databaseUrl)) {
    throw new ConfigError('--database must be a PostgreSQL URL such as postgres://pos:secret@127.0.0.1/pos');
  }
  if (config.backup) {
    if (config.backup.everyMs < 60_000) throw new ConfigError('--backup-every must be at least 1m');
    if (!Number.isInteger(config.backup.keep) || config.backup.keep < 1)
      throw new ConfigError('--backup-keep must be a whole number of at least 1');
  }
  return config;
}

export function parseTtl(value: string, flag = '--ttl'): number {
  const seconds = parseDuration(value);
  if (seconds === null) throw new ConfigError(`${flag} must be a duration such as 30m, 12h or 7d, got "${value}"`);
  return seconds;
}
