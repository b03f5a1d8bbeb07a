import { spawn } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, renameSync, rmSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { makePrivate } from './data-dir.js';

/** PostgreSQL 15's pg_dump as Debian installs it, else the one on the PATH. */
function pgDumpProgram(): string {
  const debian = '/usr/lib/postgresql/15/bin/pg_dump';
  return existsSync(debian) ? debian : 'pg_dump';
}

/**
 * The URL without its password, and the password apart: pg_dump gets it in its environment (PGPASSWORD), where
 * other users of the machine cannot read it, not on its command line, which `ps` shows them.
 */
export function splitPassword(url: string): { url: string; password: string | undefined } {
  let password: string | undefined;
  let rest = url.replace(/^(postgres(?:ql)?:\/\/[^:@/]*):([^@/]*)@/i, (_all, user: string, secret: string) => {
    password = decodeURIComponent(secret);
    return `${user}@`;
  });
  rest = rest.replace(/([?&])password=([^&#]*)(&?)/i, (_all, lead: string, secret: string, tail: string) => {
    password = decodeURIComponent(secret);
    return tail ? lead : '';
  });
  return { url: rest, password };
}

/**
 * A consistent copy of the PostgreSQL database (one snapshot, taken while the servers keep writing) in pg_dump's
 * custom format, which `pg_restore` reads (docs/operations.md, "Backups on PostgreSQL"). `url` names one host: the
 * primary. Like the SQLite backups, the file is written beside the target and renamed once complete, and is
 * private (0600; a folder it creates is 0700).
 */
export async function dumpPostgres(url: string, target: string): Promise<{ file: string; bytes: number }> {
  const file = resolve(target);
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  const partial = `${file}.partial`;
  rmSync(partial, { force: true });
  closeSync(openSync(partial, 'wx', 0o600)); // pg_dump writes into it, keeping its mode
  const { url: dbname, password } = splitPassword(url);
  try {
    await new Promise<void>((done, fail) => {
      const child = spawn(
        pgDumpProgram(),
        ['--format=custom', '--no-owner', `--file=${partial}`, `--dbname=${dbname}`],
        {
          stdio: ['ignore', 'ignore', 'pipe'],
          env: { ...process.env, ...(password === undefined ? {} : { PGPASSWORD: password }), PGCONNECT_TIMEOUT: '10' },
        },
      );
      let errors = '';
      child.stderr.on('data', (chunk: Buffer) => {
        errors = (errors + chunk.toString('utf8')).slice(-2000);
      });
      child.on('error', (error) => fail(new Error(`cannot run pg_dump: ${error.message}`)));
      child.on('close', (code) => {
        if (code === 0) done();
        else fail(new Error(`pg_dump failed (exit ${code}): ${errors.trim().split('\n').at(-1) ?? ''}`));
      });
    });
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  }
  makePrivate(partial, 0o600);
  renameSync(partial, file);
  return { file, bytes: statSync(file).size };
}
