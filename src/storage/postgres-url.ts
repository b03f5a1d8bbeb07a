/**
 * PostgreSQL connection strings as `pos` takes them. A URL may name several hosts, in the authority
 * (`postgres://u:p@h1:5432,h2:5433/pos`) or in the query (`postgres://u:p@/pos?host=h1,h2&port=5432,5433`): the
 * servers of a primary and its standbys, of which `pos` uses the one that accepts writes (findPrimary in postgres.ts).
 * Nothing here loads `pg`: the CLI checks a URL without paying for it.
 */

export function isPostgresUrl(value: string | undefined): value is string {
  return value !== undefined && /^postgres(ql)?:\/\//i.test(value);
}

/** The URL with its password hidden, for logs, errors and the health answer. */
export function maskUrl(url: string): string {
  return url.replace(/^(postgres(?:ql)?:\/\/[^:@/]*:)[^@/]*@/i, '$1***@').replace(/([?&]password=)[^&]*/i, '$1***');
}

/** One connection string per host the URL names, in the order written (just the URL when it names one). */
export function hostUrls(url: string): string[] {
  const match = /^(postgres(?:ql)?:\/\/)([^@/?#]*@)?([^/?#]*)(.*)$/i.exec(url);
  if (!match) return [url];
  const [, scheme, auth = '', authority = '', rest = ''] = match;
  if (authority.includes(',')) {
    return authority.split(',').map((host) => `${scheme}${auth}${host}${rest}`);
  }
  const queryAt = rest.indexOf('?');
  if (queryAt < 0) return [url];
  const params = new URLSearchParams(rest.slice(queryAt + 1));
  const hosts = (params.get('host') ?? '').split(',');
  if (hosts.length < 2) return [url];
  const ports = (params.get('port') ?? '').split(',');
  return hosts.map((host, index) => {
    const own = new URLSearchParams(params);
    own.set('host', host);
    const port = ports[index] ?? ports[0];
    if (port) own.set('port', port);
    else own.delete('port');
    return `${scheme}${auth}${authority}${rest.slice(0, queryAt)}?${own.toString()}`;
  });
}

/** The database named by the URL cannot be used: no answer, refused credentials, or no primary among its hosts. */
export class DatabaseUnreachableError extends Error {}
