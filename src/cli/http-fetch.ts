import { request as httpRequest } from 'node:http';

// The CLI's requests go out through node:http: the global fetch loads undici (and HTTP/2 with it) on its first call,
// which took about a third of a short command such as `pos printers list`. This is the part of fetch PosClient uses
// (method, headers, a text body, a signal; status and text of the answer). HTTPS addresses and uploads (FormData)
// still take the global fetch.

export const httpFetch: typeof fetch = (input, init = {}) => {
  const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
  const body = init.body;
  const upload = body !== undefined && body !== null && typeof body !== 'string';
  if (url.protocol !== 'http:' || upload) return fetch(input, init);
  const signal = init.signal ?? undefined;
  return new Promise<Response>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const headers = { ...(init.headers as Record<string, string> | undefined) };
    if (typeof body === 'string') headers['content-length'] = String(Buffer.byteLength(body));
    const request = httpRequest(url, { method: init.method ?? 'GET', headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', (error) => reject(Object.assign(new Error('fetch failed'), { cause: error })));
      response.on('end', () => {
        signal?.removeEventListener('abort', abort);
        const text = Buffer.concat(chunks).toString('utf8');
        const status = response.statusCode ?? 0;
        resolve({
          status,
          ok: status >= 200 && status < 300,
          statusText: response.statusMessage ?? '',
          headers: { get: (name: string) => [response.headers[name.toLowerCase()] ?? null].flat()[0] ?? null },
          text: async () => text,
          json: async () => JSON.parse(text) as unknown,
        } as unknown as Response);
      });
    });
    const abort = () => {
      request.destroy();
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', abort, { once: true });
    // Like fetch: a connection that fails rejects with "fetch failed", the reason in `cause`.
    request.on('error', (error) => reject(Object.assign(new Error('fetch failed'), { cause: error })));
    request.end(body ?? undefined);
  });
};
