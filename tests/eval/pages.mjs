// How the evaluation and the bench serve a dataset's pages: each page from
// 127.0.0.1 as text/html, its own scripts blocked, nothing else loaded.

import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';

/** The fixed viewport every measurement uses. */
export const VIEWPORT = { width: 1280, height: 900 };

/** Blocks every script of the page (inline, external, handlers) but not wasm. */
export const PAGE_CSP = "script-src 'wasm-unsafe-eval'";

/** A page's HTML: `<id>.html`, or else `<id>.html.gz` unpacked. */
export async function readPage(pagesDir, id) {
  try {
    return await readFile(join(pagesDir, `${id}.html`));
  } catch (e) {
    if (e.code !== 'ENOENT') throw e;
    return gunzipSync(await readFile(join(pagesDir, `${id}.html.gz`)));
  }
}

/** Serves DATASET/pages/<id>.html(.gz) at /pages/<id>.html; everything else gets an empty 404. */
export async function servePages(pagesDir) {
  const server = createServer(async (req, res) => {
    const m = /^\/pages\/([^/?#]+)\.html(?:[?#].*)?$/.exec(req.url);
    if (!m) { res.writeHead(404).end(); return; }
    try {
      const body = await readPage(pagesDir, decodeURIComponent(m[1]));
      res.writeHead(200, {
        'content-type': 'text/html; charset=utf-8',
        'content-security-policy': PAGE_CSP,
        'cache-control': 'no-store',
      }).end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
  const origin = `http://127.0.0.1:${server.address().port}`;
  return {
    urlOf: (id) => `${origin}/pages/${encodeURIComponent(id)}.html`,
    origin,
    close: () => new Promise((ok) => { server.closeAllConnections(); server.close(() => ok()); }),
  };
}

/**
 * Lets only the page itself reach the network in `context`: other requests
 * get an empty 404; any other top-level navigation of `page` (a meta
 * refresh) is cancelled, so the page stays.
 */
export async function isolatePage(context, page, server) {
  await context.route('**/*', (route) => {
    const req = route.request();
    if (!/^https?:/.test(req.url())) return route.continue();
    if (req.isNavigationRequest() && req.frame() === page.mainFrame()) {
      return req.url().startsWith(`${server.origin}/pages/`) ? route.continue() : route.abort();
    }
    return route.fulfill({ status: 404, body: '' });
  });
}
