import type { z } from 'zod';
import type { User } from '../../api/auth.js';
import type { CashRegister } from '../../api/cash-registers.js';
import type { Category, Food } from '../../api/catalog.js';
import type { Printer } from '../../api/printers.js';

// Is the venue ready? Each check reads facts gathered beforehand (gather.ts) and says what is wrong and the command
// that fixes it. Pure, so each check is tested on its own.

const CHECKS = ['server', 'printers', 'routing', 'registers', 'operators', 'backups', 'disk', 'lan'] as const;
export type CheckId = (typeof CHECKS)[number];

export interface Finding {
  problem: string;
  /** The command (or the action) that fixes it. */
  fix: string;
}

export interface CheckResult {
  id: CheckId;
  title: string;
  /** `ok`: nothing to fix; `problem`: see findings; `skipped`: could not be checked (the reason is the finding). */
  status: 'ok' | 'problem' | 'skipped';
  findings: Finding[];
}

/** A LAN address of this machine and whether the server answered on it. */
export interface LanProbe {
  url: string;
  ok: boolean;
  error?: string;
}

export interface DoctorFacts {
  url: string;
  /** Null: the server did not answer (the message says why). */
  serverError: string | null;
  catalog: {
    printers: Array<z.infer<typeof Printer>>;
    foods: Array<z.infer<typeof Food>>;
    categories: Array<z.infer<typeof Category>>;
    registers: Array<z.infer<typeof CashRegister>>;
    users: Array<z.infer<typeof User>>;
  } | null;
  /** What the server on this machine says of itself (server.json); null when it runs elsewhere. */
  local: {
    host: string;
    /** Undefined: a server too old to say. */
    backup: { dir: string; everyMs: number; keep: number } | null | undefined;
    dataDir: string;
    databaseBytes: number;
    dataDirFreeBytes: number | null;
    backupFreeBytes: number | null;
  } | null;
  lan: LanProbe[];
}

/** Room for this many more backups of today's database, and never less than MIN_FREE_BYTES. */
const BACKUPS_OF_ROOM = 3;
export const MIN_FREE_BYTES = 200 * 1024 * 1024;

const quote = (name: string) => (/^[\w.-]+$/.test(name) ? name : `"${name.replaceAll('"', '\\"')}"`);
const megabytes = (bytes: number) => `${Math.floor(bytes / (1024 * 1024))} MB`;

function result(id: CheckId, title: string, findings: Finding[]): CheckResult {
  return { id, title, status: findings.length === 0 ? 'ok' : 'problem', findings };
}

function skipped(id: CheckId, title: string, why: Finding): CheckResult {
  return { id, title, status: 'skipped', findings: [why] };
}

function checkServer(facts: DoctorFacts): CheckResult {
  const title = `server answers at ${facts.url}`;
  if (facts.serverError === null) return result('server', title, []);
  return result('server', title, [
    {
      problem: `no answer: ${facts.serverError}`,
      fix: 'pos serve  (start the server on this laptop and leave it running)',
    },
  ]);
}

function checkPrinters(catalog: NonNullable<DoctorFacts['catalog']>): CheckResult {
  const findings: Finding[] = catalog.printers
    .filter((printer) => printer.status !== 'ONLINE')
    .map((printer) => ({
      problem: `printer ${printer.name} (${printer.ip}:${printer.port}) is ${printer.status}${printer.statusReason ? ` (${printer.statusReason})` : ''}`,
      fix: `switch it on, check paper and cable, then pos printers test ${quote(printer.name)}  (wrong address: pos printers edit ${quote(printer.name)} --ip …)`,
    }));
  if (catalog.printers.length === 0)
    findings.push({ problem: 'no printers', fix: 'pos printers add --name Cucina --ip 192.168.1.50' });
  return result('printers', 'every printer is ONLINE', findings);
}

/**
 * A food prints where its own printer, else its category's, says (a printer or a kitchen station with a screen);
 * with neither, at the register that sells it: fine only when every enabled register has a printer.
 */
function checkRouting(catalog: NonNullable<DoctorFacts['catalog']>): CheckResult {
  const printers = new Set(catalog.printers.map((printer) => printer.id));
  const categoryPrinter = new Map(catalog.categories.map((category) => [category.id, category.printerId]));
  const registersPrint = catalog.registers
    .filter((r) => r.enabled)
    .every((r) => r.defaultPrinterId !== null && printers.has(r.defaultPrinterId));
  const lost = new Map<string, string[]>();
  // The cover and the takeaway fee go to no kitchen on purpose: they are on the receipt only.
  for (const food of catalog.foods.filter((food) => food.available && !food.role)) {
    const target = food.printerId ?? categoryPrinter.get(food.categoryId) ?? null;
    if (target !== null && printers.has(target)) continue;
    if (target === null && registersPrint && catalog.registers.some((r) => r.enabled)) continue;
    lost.set(food.category.name, [...(lost.get(food.category.name) ?? []), food.name]);
  }
  const findings = [...lost].map(([category, foods]) => ({
    problem: `${foods.length === 1 ? '1 food' : `${foods.length} foods`} of ${category} ${foods.length === 1 ? 'goes' : 'go'} to no printer or station: ${foods.slice(0, 5).join(', ')}${foods.length > 5 ? ', …' : ''}`,
    fix: `pos categories edit ${quote(category)} --printer <printer>  (or give each register a printer: pos registers edit <register> --printer <printer>)`,
  }));
  return result('routing', 'every available food goes to a printer or a station', findings);
}

function checkRegisters(catalog: NonNullable<DoctorFacts['catalog']>): CheckResult {
  const enabled = catalog.registers.filter((register) => register.enabled);
  const findings: Finding[] = [];
  if (enabled.length === 0) {
    findings.push(
      catalog.registers.length === 0
        ? { problem: 'no cash register', fix: 'pos registers add --name "Cassa 1" --printer <printer>' }
        : {
            problem: 'every cash register is disabled',
            fix: `pos registers edit ${quote(catalog.registers[0]!.name)} --enabled`,
          },
    );
  }
  return result('registers', 'an enabled cash register exists', findings);
}

function checkOperators(catalog: NonNullable<DoctorFacts['catalog']>): CheckResult {
  const operators = catalog.users.filter((user) => user.role === 'operator');
  const findings =
    operators.length > 0
      ? []
      : [
          {
            problem: 'no operator: cashiers cannot log in on the tills',
            fix: 'pos users add --username cassa1 --role operator',
          },
        ];
  return result('operators', 'an operator (cashier login) exists', findings);
}

function checkBackups(facts: DoctorFacts): CheckResult {
  const title = 'rotating backups are on, with room on their disk';
  const local = facts.local;
  if (!local)
    return skipped('backups', title, {
      problem: 'the server runs on another machine',
      fix: "run pos doctor on the server's laptop",
    });
  if (local.backup === undefined)
    return skipped('backups', title, {
      problem: 'this server does not say how it backs up',
      fix: 'restart it with this version of pos',
    });
  if (local.backup === null) {
    return result('backups', title, [
      {
        problem: 'no rotating backups: a broken laptop loses the evening',
        fix: 'pos serve --backup-every 10m --backup-dir /media/usb/pos-backups  (restart the server with them; a USB stick)',
      },
    ]);
  }
  const needed = Math.max(MIN_FREE_BYTES, BACKUPS_OF_ROOM * local.databaseBytes);
  if (local.backupFreeBytes === null) {
    return result('backups', title, [
      {
        problem: `the backup folder ${local.backup.dir} cannot be reached`,
        fix: 'plug in the USB stick, or restart pos serve with another --backup-dir',
      },
    ]);
  }
  if (local.backupFreeBytes < needed) {
    return result('backups', title, [
      {
        problem: `only ${megabytes(local.backupFreeBytes)} free for backups in ${local.backup.dir} (${megabytes(needed)} needed)`,
        fix: 'free some space there, or restart pos serve with another --backup-dir',
      },
    ]);
  }
  return result('backups', title, []);
}

function checkDisk(facts: DoctorFacts): CheckResult {
  const title = 'room on the disk of the data dir';
  const local = facts.local;
  if (!local || local.dataDirFreeBytes === null)
    return skipped('disk', title, {
      problem: 'the data dir is not on this machine',
      fix: "run pos doctor on the server's laptop",
    });
  const needed = Math.max(MIN_FREE_BYTES, BACKUPS_OF_ROOM * local.databaseBytes);
  if (local.dataDirFreeBytes >= needed) return result('disk', title, []);
  return result('disk', title, [
    {
      problem: `only ${megabytes(local.dataDirFreeBytes)} free in ${local.dataDir} (${megabytes(needed)} needed)`,
      fix: "free some space on the laptop's disk",
    },
  ]);
}

/** The address the tablets use must answer on the LAN interface, not only on this machine's own (localhost). */
function checkLan(facts: DoctorFacts): CheckResult {
  const title = 'tablets reach the server over the Wi-Fi';
  const local = facts.local;
  if (!local) {
    // Run from another machine: the address used to get here is a LAN address, and it answered.
    return result('lan', title, []);
  }
  if (!['0.0.0.0', '::'].includes(local.host)) {
    return result('lan', title, [
      {
        problem: `the server listens on ${local.host} only: tablets on the Wi-Fi cannot reach it`,
        fix: 'pos serve --host 0.0.0.0  (restart the server; the default)',
      },
    ]);
  }
  if (facts.lan.length === 0) {
    return result('lan', title, [
      {
        problem: 'this laptop is on no network',
        fix: "connect it to the venue's Wi-Fi router (a cable is best), then pos till-url",
      },
    ]);
  }
  const answered = facts.lan.filter((probe) => probe.ok);
  if (answered.length > 0) return result('lan', title, []);
  const port = new URL(facts.url).port || '80';
  return result(
    'lan',
    title,
    facts.lan.map((probe) => ({
      problem: `no answer at ${probe.url}${probe.error ? ` (${probe.error})` : ''}`,
      fix: `let TCP port ${port} through the laptop's firewall (e.g. sudo ufw allow ${port}/tcp), then pos doctor again`,
    })),
  );
}

export function runChecks(facts: DoctorFacts): CheckResult[] {
  const server = checkServer(facts);
  const catalog = facts.catalog;
  const notAsked: Finding = { problem: 'the server did not answer', fix: 'start the server first' };
  const fromCatalog = (id: CheckId, title: string, check: (c: NonNullable<DoctorFacts['catalog']>) => CheckResult) =>
    catalog ? check(catalog) : skipped(id, title, notAsked);
  return [
    server,
    fromCatalog('printers', 'every printer is ONLINE', checkPrinters),
    fromCatalog('routing', 'every available food goes to a printer or a station', checkRouting),
    fromCatalog('registers', 'an enabled cash register exists', checkRegisters),
    fromCatalog('operators', 'an operator (cashier login) exists', checkOperators),
    checkBackups(facts),
    checkDisk(facts),
    facts.serverError === null ? checkLan(facts) : skipped('lan', 'tablets reach the server over the Wi-Fi', notAsked),
  ];
}

/** Ready when nothing needs fixing (a server that does not answer is itself a problem; checks only this laptop can do are skipped elsewhere). */
export function isReady(results: readonly CheckResult[]): boolean {
  return results.every((check) => check.status !== 'problem');
}

export function formatReport(results: readonly CheckResult[]): string {
  const lines: string[] = [];
  for (const check of results) {
    const mark = check.status === 'ok' ? 'ok  ' : check.status === 'skipped' ? 'skip' : 'FIX ';
    lines.push(`${mark}  ${check.title}`);
    for (const finding of check.findings) {
      lines.push(`      ${finding.problem}`);
      lines.push(`      → ${finding.fix}`);
    }
  }
  const ready = isReady(results);
  lines.push('', ready ? 'The venue is ready.' : 'Not ready yet: run the commands above, then pos doctor again.');
  return lines.join('\n');
}
