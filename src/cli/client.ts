import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, isAbsolute, join } from 'node:path';
import { systemClock } from '../core/clock.js';
import { isAlive, readSecret, resolveDataDir } from '../storage/data-dir.js';
import type { ServerInfo } from '../server/serve.js';
import { PosClient } from '../client/http.js';
import { CliError } from './errors.js';
import { httpFetch } from './http-fetch.js';

/** The options every command that talks to a server understands (declared once on the program). */
export interface ConnectionOptions {
  url?: string;
  token?: string;
  dataDir?: string;
}

export interface Session {
  url: string;
  token: string;
  expiresAt: string;
  username: string;
}

/**
 * Where `pos login` keeps the session (owner-only file). POS_CONFIG_DIR moves it (tests, kiosks). A variable set but
 * empty counts as unset (else the token would land in the current directory), and XDG_CONFIG_HOME must be absolute
 * (the XDG spec says to ignore a relative one).
 */
export function sessionFile(): string {
  const configDir = given(process.env['POS_CONFIG_DIR']);
  if (configDir) return join(configDir, 'session.json');
  const xdg = given(process.env['XDG_CONFIG_HOME']);
  const configHome = xdg && isAbsolute(xdg) ? xdg : join(homedir(), '.config');
  return join(configHome, 'pos', 'session.json');
}

/**
 * Writes the session owner-only (0600), whatever file was there: `mode` only applies to a file being created, so an
 * existing session file readable by others stayed so, token and all. A new file, made 0600 before the token is in
 * it, takes the old one's place.
 */
export function saveSession(session: Session): void {
  const file = sessionFile();
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  const fresh = `${file}.${process.pid}.tmp`;
  rmSync(fresh, { force: true });
  writeFileSync(fresh, '', { mode: 0o600, flag: 'wx' });
  chmodSync(fresh, 0o600);
  writeFileSync(fresh, JSON.stringify(session, null, 2));
  renameSync(fresh, file);
}

/** The session `pos login` saved, while it has not expired. */
export function loadSession(): Session | null {
  const file = sessionFile();
  if (!existsSync(file)) return null;
  try {
    const session = JSON.parse(readFileSync(file, 'utf8')) as Session;
    return new Date(session.expiresAt) > new Date() ? session : null;
  } catch {
    return null;
  }
}

/** An environment variable or flag that is set but empty counts as not given. */
function given(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === '' ? undefined : value;
}

function normaliseUrl(url: string): string {
  if (!/^https?:\/\//.test(url)) throw new CliError(`--url must start with http:// or https://, got "${url}"`);
  return url.replace(/\/+$/, '');
}

/** What the server running on this machine (on this data dir) wrote about itself, if it still runs. */
export function localServerInfo(dataDir: string | undefined): ServerInfo | null {
  const info = resolveDataDir(dataDir).serverInfo;
  if (!existsSync(info)) return null;
  try {
    const parsed = JSON.parse(readFileSync(info, 'utf8')) as ServerInfo;
    // A server killed by a power cut leaves its server.json behind: its address leads nowhere.
    return isRunning(parsed.pid) ? parsed : null;
  } catch {
    return null;
  }
}

function isRunning(pid: unknown): boolean {
  if (typeof pid !== 'number' || !Number.isInteger(pid) || pid <= 0) return true; // an older server.json: trust it
  return isAlive(pid);
}

function localServerUrl(dataDir: string | undefined): string | null {
  return localServerInfo(dataDir)?.url ?? null;
}

/** What a request is authorized with: a token, and for a token the CLI minted itself, how to get the next one. */
export interface Credential {
  token: string;
  /** Epoch ms; only known for tokens the CLI minted. */
  expiresAt?: number;
  renew?: () => Promise<Credential>;
}

const LOCAL_TOKEN_SECONDS = 300;

/**
 * On the server's own machine the CLI signs a short-lived admin token with the data dir's secret, and signs a new
 * one when it runs out: `pos dashboard` and `pos events` run all evening on one.
 */
async function mintLocalToken(dataDir: string | undefined): Promise<Credential | null> {
  const secret = readSecret(resolveDataDir(dataDir));
  if (!secret) return null;
  const { signToken } = await import('../core/auth/token-signer.js');
  const mint = async (): Promise<Credential> => {
    const issued = signToken(secret, systemClock.now().getTime(), {
      subject: 'token:cli',
      userId: null,
      name: 'cli',
      role: 'admin',
      ttlSeconds: LOCAL_TOKEN_SECONDS,
    });
    return { token: issued.token, expiresAt: Date.now() + LOCAL_TOKEN_SECONDS * 1000, renew: mint };
  };
  return mint();
}

/**
 * The token of every request: a given one as it is; a minted one renewed a minute before it runs out (asked again
 * before each request and each reconnection of a stream).
 */
export function tokenSource(credential: string | Credential | null): () => Promise<string | null> {
  let current: Credential | null = typeof credential === 'string' ? { token: credential } : credential;
  return async () => {
    if (!current) return null;
    if (current.renew && current.expiresAt !== undefined && current.expiresAt - Date.now() < 60_000)
      current = await current.renew();
    return current.token;
  };
}

/** The typed client of src/client for this server and credential. */
export function clientFor(url: string, credential: string | Credential | null): PosClient {
  return new PosClient({ baseUrl: url, token: tokenSource(credential), fetch: httpFetch });
}

/** Where the address came from: the token to use depends on it. */
type UrlSource = 'given' | 'data-dir' | 'session' | 'default-dir';

/** The data dir given with --data-dir or POS_DATA_DIR (commander reads both into the option), if any. */
const chosenDataDir = (options: ConnectionOptions) => given(options.dataDir) ?? given(process.env['POS_DATA_DIR']);

function noServer(dataDir: string | undefined): CliError {
  if (dataDir !== undefined) {
    const root = resolveDataDir(dataDir).root;
    return new CliError(
      `no pos server found running on the data dir ${root} (--data-dir / POS_DATA_DIR): start it with \`pos serve --data-dir ${root}\`, ` +
        'or give the address of a server with --url or POS_URL',
    );
  }
  return new CliError(
    `no pos server found: start \`pos serve\` here (data dir ${resolveDataDir(undefined).root}), give the data dir of a server ` +
      'on this machine with --data-dir or POS_DATA_DIR, or its address with --url or POS_URL',
  );
}

function findServer(options: ConnectionOptions): { url: string; source: UrlSource } {
  const explicit = given(options.url) ?? given(process.env['POS_URL']);
  if (explicit) return { url: normaliseUrl(explicit), source: 'given' };
  // A data dir named on the command line (or in POS_DATA_DIR) is meant: it wins over an older `pos login`.
  const dataDir = chosenDataDir(options);
  if (dataDir !== undefined) {
    const url = localServerUrl(dataDir);
    if (!url) throw noServer(dataDir);
    return { url: normaliseUrl(url), source: 'data-dir' };
  }
  const session = loadSession();
  if (session) return { url: normaliseUrl(session.url), source: 'session' };
  const url = localServerUrl(undefined);
  if (!url) throw noServer(undefined);
  return { url: normaliseUrl(url), source: 'default-dir' };
}

/** Whether a given address is this machine's (a loopback address) or the one the data dir's running server wrote. */
function pointsHere(url: string, dataDir: string | undefined): boolean {
  const local = localServerUrl(dataDir);
  if (local !== null && normaliseUrl(local) === url) return true;
  let host: string;
  try {
    host = new URL(url).hostname;
  } catch {
    return false; // not an address this machine has
  }
  return host === 'localhost' || host === '[::1]' || /^127(\.\d{1,3}){3}$/.test(host);
}

/** The server's address only (login, health): --url, POS_URL, --data-dir, the saved session, or the local server. */
export function resolveUrl(options: ConnectionOptions): string {
  return findServer(options).url;
}

/**
 * Connects to a server: the address and token come from flags, then the environment, then a data dir named with
 * --data-dir / POS_DATA_DIR (on this machine, no login), then `pos login`'s session, then the default data dir.
 */
export async function connect(options: ConnectionOptions): Promise<PosClient> {
  const { url, source } = findServer(options);
  const explicitToken = given(options.token) ?? given(process.env['POS_TOKEN']);
  let token: string | Credential | null = explicitToken ?? null;
  if (!token && (source === 'given' || source === 'session')) {
    const session = loadSession();
    if (session && normaliseUrl(session.url) === url) token = session.token;
  }
  // The server's own machine: a token signed with the data dir's secret. A given --url may point there too, but an
  // admin token is never sent anywhere else: only to this machine or to the address the data dir's server wrote.
  if (!token && (source !== 'given' || pointsHere(url, chosenDataDir(options))))
    token = await mintLocalToken(chosenDataDir(options));
  if (!token) {
    throw new CliError('not logged in: run `pos login`, or give a token with --token or POS_TOKEN');
  }
  return clientFor(url, token);
}
