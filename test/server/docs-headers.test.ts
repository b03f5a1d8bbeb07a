import t from 'tap';
import { PAGE_HEADERS } from '../../src/server/plugins/web.js';
import { buildTestApp } from '../helpers/app.js';
import { everyOf } from '../helpers/assert.js';

// /docs (Swagger UI) is a page of the appliance like the web apps: the same security headers, on the page, its
// scripts and styles, and the OpenAPI document.

t.test('every /docs response carries the web apps’ security headers', async (t) => {
  const app = await buildTestApp(t);
  const routes = app.runtime.app.routeAccess.filter((route) => route.url.startsWith('/docs') && route.method === 'GET');
  const urls = [
    '/docs',
    '/docs/',
    '/docs/static/index.html',
    '/docs/static/swagger-ui.css',
    '/docs/static/swagger-initializer.js',
    '/docs/json',
    '/docs/openapi.json',
    '/docs/static/no-such-file.js',
  ];
  t.ok(routes.length >= 4, `${routes.length} /docs routes`);
  const answers: Array<{ url: string; status: number; headers: Record<string, unknown> }> = [];
  for (const url of urls) {
    const response = await app.runtime.app.inject({ method: 'GET', url });
    answers.push({ url, status: response.statusCode, headers: response.headers });
  }
  t.ok(answers.filter((a) => a.status === 200).length >= 5, 'the page, its assets and the document are served');
  const hasPageHeaders = (a: { headers: Record<string, unknown> }) =>
    Object.entries(PAGE_HEADERS).every(([name, value]) => a.headers[name] === value);
  everyOf(t, answers, hasPageHeaders, 'the page headers');
  t.match(PAGE_HEADERS['content-security-policy'], /frame-ancestors 'none'/);
});
