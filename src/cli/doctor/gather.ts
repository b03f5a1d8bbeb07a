import { existsSync, statfsSync, statSync } from 'node:fs';
import { lanUrls } from '../../server/lan-urls.js';
import { resolveDataDir } from '../../storage/data-dir.js';
import { connect, localServerInfo, resolveUrl } from '../client.js';
import type { GlobalOptions } from '../program.js';
import type { DoctorFacts, LanProbe } from './checks.js';

// The facts pos doctor judges: what the server answers, what the server on this laptop says of itself
// (server.json), the disks, and whether the server answers on this laptop's LAN addresses.

const PROBE_MS = 3000;

async function answers(url: string): Promise<string | null> {
  try {
    const response = await fetch(`${url.replace(/\/+$/, '')}/health`, { signal: AbortSignal.timeout(PROBE_MS) });
    return response.ok ? null : `HTTP ${response.status}`;
  } catch (error) {
    const cause = (error as Error).cause as { code?: string } | undefined;
    return cause?.code ?? (error as Error).message;
  }
}

function freeBytes(dir: string): number | null {
  try {
    const stats = statfsSync(dir);
    return stats.bavail * stats.bsize;
  } catch {
    return null;
  }
}

function fileBytes(path: string): number {
  return existsSync(path) ? statSync(path).size : 0;
}

export async function gatherFacts(globals: GlobalOptions): Promise<DoctorFacts> {
  const url = resolveUrl(globals);
  const serverError = await answers(url);
  let catalog: DoctorFacts['catalog'] = null;
  if (serverError === null) {
    const client = await connect(globals);
    const [printers, foods, categories, registers, users] = await Promise.all([
      client.printers(),
      client.foods(),
      client.categories(),
      client.cashRegisters(),
      client.list('/v1/users'),
    ]);
    catalog = { printers, foods, categories, registers, users };
  }
  const info = localServerInfo(globals.dataDir);
  const port = Number(new URL(url).port || 80);
  let local: DoctorFacts['local'] = null;
  let lan: LanProbe[] = [];
  if (info && info.port === port) {
    const dataDir = resolveDataDir(globals.dataDir);
    const backup = info.backup;
    local = {
      host: info.host,
      backup,
      dataDir: dataDir.root,
      databaseBytes: fileBytes(dataDir.database) + fileBytes(`${dataDir.database}-wal`),
      dataDirFreeBytes: freeBytes(dataDir.root),
      backupFreeBytes: backup ? (existsSync(backup.dir) ? freeBytes(backup.dir) : null) : null,
    };
    if (['0.0.0.0', '::'].includes(info.host) && serverError === null) {
      const urls = lanUrls(info.host, info.port).filter((address) => !address.includes('//localhost'));
      lan = await Promise.all(
        urls.map(async (address) => {
          const error = await answers(address);
          return error === null ? { url: address, ok: true } : { url: address, ok: false, error };
        }),
      );
    }
  }
  return { url, serverError, catalog, local, lan };
}
