// How the evaluation and the bench serve a dataset's pages: each page from
// this process as text/html, its own scripts blocked, nothing else loaded.
// Where the ground truth gives a page's URL, the page is loaded at that
// address (the test's route answers it from the saved file: no request
// leaves the machine), so the core sees the address a reader would have,
// as it does on the live web; otherwise at 127.0.0.1.

import { readFileSync } from 'node:fs';
import { readFile, writeFile, cp, mkdtemp } from 'node:fs/promises';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';

/** The fixed viewport every measurement uses. */
export const VIEWPORT = { width: 1280, height: 900 };

/** Blocks every script of the page (inline, external, handlers) but not wasm. */
export const PAGE_CSP = "script-src 'wasm-unsafe-eval'";

/** A page's HTML: `<id>.html`, or else `<id>.html.gz` unpacked. */
export async function readPage(pagesDir, id) {
  let html;
  try {
    html = await readFile(join(pagesDir, `${id}.html`));
  } catch (e) {
    if (e.code !== 'ENOENT') throw e;
    html = gunzipSync(await readFile(join(pagesDir, `${id}.html.gz`)));
  }
  return process.env.PITH_HASH_NAMES === '1' ? hashNames(html.toString('utf8')) : html;
}

/**
 * The screen-reader classes (SCREEN_READER_CLASSES in src/model/facts.rs),
 * which keep their names; read once, when a page is first hashed.
 */
let screenReaderClasses = null;
function readScreenReaderClasses() {
  const src = readFileSync(new URL('../../src/model/facts.rs', import.meta.url), 'utf8');
  const list = /pub const SCREEN_READER_CLASSES: &\[&str\] = &\[([\s\S]*?)\];/.exec(src);
  if (!list) throw new Error('SCREEN_READER_CLASSES not found in src/model/facts.rs');
  return new Set([...list[1].matchAll(/"([^"]+)"/g)].map((m) => m[1]));
}

/** FNV-1a of a name, as six hex digits. */
function nameHash(name) {
  let h = 0x811c9dc5;
  for (let i = 0; i < name.length; i++) h = Math.imul(h ^ name.charCodeAt(i), 0x01000193) >>> 0;
  return `css-${(h & 0xffffff).toString(16)}`;
}

function hashedName(n) {
  screenReaderClasses ??= readScreenReaderClasses();
  return screenReaderClasses.has(n.toLowerCase()) ? n : nameHash(n);
}

/**
 * PITH_HASH_NAMES=1: every class and id name as CSS-in-JS builds ship them
 * (`css-1k2j3h`), in the tags and in the page's own `<style>` selectors
 * alike, so that a name says nothing about its block but the page's style
 * still applies (tests/eval/EVAL.md, session 11; the lab's
 * `LAB_HASH_NAMES` does the same to dumped facts). Regular expressions,
 * not a parser: a measurement aid, not the reader's path.
 */
export function hashNames(html) {
  const tags = html.replace(/<[a-zA-Z][^>]*>/g, (tag) => tag.replace(
    /(\s(?:class|id)\s*=\s*)(?:"([^"]*)"|'([^']*)'|([^\s>"']+))/gi,
    (_, attr, dq, sq, bare) => `${attr}"${(dq ?? sq ?? bare).split(/\s+/).filter(Boolean).map(hashedName).join(' ')}"`,
  ));
  return tags.replace(/(<style[^>]*>)([\s\S]*?)(<\/style>)/gi, (_, open, css, close) => open
    + css.replace(/([.#])(-?[_a-zA-Z][\w-]*)/g, (m, sigil, name) => (sigil === '#' && /^[0-9a-f]{3,8}$/i.test(name) ? m : `${sigil}${hashedName(name)}`)) + close);
}

/** The headers every served page gets. */
const PAGE_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'content-security-policy': PAGE_CSP,
  'cache-control': 'no-store',
};

/**
 * The address a page is loaded at: its ground-truth `url` without the
 * fragment where that is an http(s) URL with a host, else null. A bare
 * origin gets the root path, as the browser's URL does. (The lab sets the
 * same address on dumped facts: `page_address` in tools/lab/src/data.rs.)
 * @param {string | undefined} url
 * @returns {string | null}
 */
export function pageAddress(url) {
  if (typeof url !== 'string') return null;
  try {
    const u = new URL(url.trim());
    if ((u.protocol !== 'http:' && u.protocol !== 'https:') || !u.hostname) return null;
    u.hash = '';
    return u.href;
  } catch {
    return null;
  }
}

/**
 * Serves DATASET/pages/<id>.html(.gz) at /pages/<id>.html on 127.0.0.1;
 * everything else gets an empty 404. With the set's ground truth, `urlOf`
 * gives a page's own address where it has one (see `pageAddress`) and
 * remembers which page that address stands for, for `isolatePage` to answer.
 */
export async function servePages(pagesDir, truth = null) {
  const server = createServer(async (req, res) => {
    const m = /^\/pages\/([^/?#]+)\.html(?:[?#].*)?$/.exec(req.url);
    if (!m) { res.writeHead(404).end(); return; }
    try {
      const body = await readPage(pagesDir, decodeURIComponent(m[1]));
      res.writeHead(200, PAGE_HEADERS).end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
  const origin = `http://127.0.0.1:${server.address().port}`;
  /** Address → id of the page last asked for at it (pages load one at a time). */
  const addressed = new Map();
  return {
    urlOf: (id) => {
      const address = truth ? pageAddress(truth[id]?.url) : null;
      if (!address) return `${origin}/pages/${encodeURIComponent(id)}.html`;
      addressed.set(address, id);
      return address;
    },
    /** The page's body for a navigation to one of its addresses, else null. */
    async bodyAt(url) {
      const id = addressed.get(pageAddress(url));
      return id === undefined ? null : readPage(pagesDir, id);
    },
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
  await context.route('**/*', async (route) => {
    const req = route.request();
    if (!/^https?:/.test(req.url())) return route.continue();
    if (req.isNavigationRequest() && req.frame() === page.mainFrame()) {
      if (req.url().startsWith(`${server.origin}/pages/`)) return route.continue();
      const body = await server.bodyAt(req.url()).catch(() => null);
      return body ? route.fulfill({ status: 200, headers: PAGE_HEADERS, body }) : route.abort();
    }
    return route.fulfill({ status: 404, body: '' });
  });
}

/**
 * One data set opened for a measurement in `browser`: every `every`-th
 * page id of its ground truth (at most `limit`), its pages served
 * (`servePages`), one isolated page (`isolatePage`) in a new context at
 * `VIEWPORT`. `visit(id)` loads a page and waits for its load event;
 * `close()` ends the context and the server.
 */
export async function openSet(browser, dir, { every = 1, limit = Infinity } = {}) {
  const truth = JSON.parse(await readFile(join(dir, 'ground-truth.json'), 'utf8'));
  const ids = Object.keys(truth).filter((_, i) => i % every === 0).slice(0, limit);
  const server = await servePages(join(dir, 'pages'));
  const context = await browser.newContext({ viewport: VIEWPORT });
  const page = await context.newPage();
  await isolatePage(context, page, server);
  return {
    ids,
    page,
    visit: (id) => page.goto(server.urlOf(id), { waitUntil: 'load', timeout: 20000 }),
    close: async () => {
      await context.close();
      await server.close();
    },
  };
}

/**
 * Measures each chosen page of a data set (see [openSet]): `measure({page,
 * visit, id, n})` gives the page's row (`n`: its place among the chosen
 * pages); a page that throws is named on stderr and left out. Returns the
 * rows and how many pages were chosen.
 */
export async function measureSet(browser, dir, options, measure) {
  const { ids, page, visit, close } = await openSet(browser, dir, options);
  const rows = [];
  try {
    for (const [n, id] of ids.entries()) {
      try {
        rows.push(await measure({ page, visit, id, n }));
      } catch (e) {
        process.stderr.write(`  ${id}: ${String(e.message).split('\n')[0]}\n`);
      }
    }
  } finally {
    await close();
  }
  return { rows, pages: ids.length };
}

/**
 * A temporary copy of the unpacked extension at `dir` with host access to
 * every page, so that its worker reads pages with no click to grant it
 * (the caller removes the copy).
 */
export async function withHostAccess(dir) {
  const copy = await mkdtemp(join(tmpdir(), 'pith-eval-ext-'));
  await cp(dir, copy, { recursive: true });
  const manifestPath = join(copy, 'manifest.json');
  const manifest = JSON.parse(await readFile(manifestPath, 'utf8'));
  manifest.host_permissions = ['<all_urls>'];
  await writeFile(manifestPath, JSON.stringify(manifest));
  return copy;
}
