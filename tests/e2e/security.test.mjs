// The reader's security suite (issue 7, "Safe by construction"), through the
// whole path in the real extension: a hostile article served from 127.0.0.1,
// a toolbar click, the core's extraction, the reader view.
//
// What is checked, and where: the page itself runs its own payloads when it
// loads (that is not Pith's doing), so every check looks at the READER: its
// window (the canary global), its dialogs, its DOM, and the requests made
// after the page finished loading that the page did not make. Requests are
// seen at three places: the test server's log (127.0.0.1), a proxy that every
// request to any other host goes through (Chromium bypasses the proxy for
// loopback only), and Playwright's view of the browser context.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { join, normalize } from 'node:path';
import { ROOT, DIST, chromiumArgs, launchWithExtension, readWithPith } from './lib.mjs';

const FIXTURES = join(ROOT, 'tests', 'fixtures', 'reader');
/**
 * Fewest canary requests the hostile page makes when loaded as a page: proof
 * that its payloads are live. 19 payloads fetched their canary (measured as
 * above); a few fewer are tolerated, the point is that they run at all.
 */
const MIN_LIVE_PAYLOADS = 15;
/** Fewest payloads the issue asks the suite to carry. */
const MIN_PAYLOADS = 40;
/**
 * How long the reader is watched after it rendered, for payloads that would
 * run late (an SVG animation's onbegin, a focus handler, an image's onerror
 * after a 404). Loaded as a page in headless Chromium 156, every payload of
 * the hostile page that runs had run before the load event (the last, an SVG
 * animation's onbegin, 4 ms before it); this is margin on top.
 */
const SETTLE_MS = 1500;
/**
 * Chromium's own background traffic, seen at the proxy with no page open
 * (headless Chromium 156 with lib.mjs's flags, 12 s idle): sign-in cookie
 * checks, component and extension update checks, time and optimization-guide
 * fetches. Not the extension's requests; the extension's are watched where
 * they start (the browser context and the service worker's own Network domain).
 */
const BROWSER_OWN_HOSTS = /^(accounts\.google\.com|[a-z0-9-]+\.googleapis\.com|clients\d*\.google\.com)$/;
/** Image types the reader may show from data: URLs (raster only, never SVG). */
const RASTER_DATA = /^data:image\/(png|jpeg|gif|webp|avif|bmp);/i;

/** Every request the test server saw, in order. */
const served = [];
/** Every request the browser sent to a host other than loopback (the proxy's log). */
const leaked = [];
/** Every request Playwright saw in the browser context (pages, extension pages). */
const contextRequests = [];
/** Every request the extension's service worker sent (CDP Network domain on its target). */
const workerRequests = [];
/** Every dialog any page opened: {url of the page then, message}. */
const dialogs = [];

let server;
let origin;
let proxy;
let browser;

/**
 * The test server: the reader fixtures (HTML with __ORIGIN__ filled in, so
 * that script payloads can reach it from any page), their images, and
 * /canary/* (what no reader may ever request) answered with an empty 200.
 */
async function startServer() {
  const s = createServer(async (req, res) => {
    const u = new URL(req.url, 'http://127.0.0.1');
    served.push({ path: u.pathname, search: u.search, method: req.method, headers: req.headers });
    if (u.pathname.startsWith('/canary/')) { res.writeHead(200, { 'cache-control': 'no-store' }).end(); return; }
    const file = normalize(join(FIXTURES, decodeURIComponent(u.pathname.replace(/^\/reader\//, '/'))));
    const isPage = u.pathname.startsWith('/reader/') && file.endsWith('.html');
    const isImage = u.pathname.startsWith('/img/') && file.endsWith('.png');
    if (!file.startsWith(FIXTURES) || !(isPage || isImage)) { res.writeHead(404).end(); return; }
    try {
      const body = await readFile(file);
      res.writeHead(200, { 'content-type': isPage ? 'text/html; charset=utf-8' : 'image/png', 'cache-control': 'no-store' });
      res.end(isPage ? body.toString('utf8').replaceAll('__ORIGIN__', origin) : body);
    } catch {
      res.writeHead(404).end();
    }
  });
  await new Promise((ok) => s.listen(0, '127.0.0.1', ok));
  origin = `http://127.0.0.1:${s.address().port}`;
  return s;
}

/** A proxy that logs and refuses every request (HTTP and CONNECT) sent to it. */
async function startProxy() {
  const p = createServer((req, res) => {
    leaked.push(`${req.method} ${req.url}`);
    res.writeHead(403).end();
  });
  p.on('connect', (req, socket) => {
    leaked.push(`CONNECT ${req.url}`);
    socket.end('HTTP/1.1 403 Forbidden\r\n\r\n');
  });
  await new Promise((ok) => p.listen(0, '127.0.0.1', ok));
  return p;
}

before(async () => {
  server = await startServer();
  proxy = await startProxy();
  const dir = join(DIST, 'chrome');
  browser = await launchWithExtension(dir, {
    args: [...chromiumArgs(dir), `--proxy-server=http://127.0.0.1:${proxy.address().port}`],
  });
  browser.context.on('request', (r) => contextRequests.push(r.url()));
  await watchWorkerNetwork();
  browser.context.on('dialog', (d) => {
    dialogs.push({ url: d.page() ? d.page().url() : '', message: d.message() });
    d.dismiss().catch(() => {});
  });
});

after(async () => {
  await browser?.close();
  await new Promise((ok) => (server ? server.close(ok) : ok()));
  await new Promise((ok) => (proxy ? proxy.close(ok) : ok()));
});

/**
 * Records the service worker's requests with CDP's Network domain on its
 * target (a browser-level session: Playwright opens CDP sessions on pages
 * only). If the browser stops and restarts the worker, the new one is not
 * watched; the browser context's 'request' events still see it.
 */
async function watchWorkerNetwork() {
  const cdp = await browser.context.browser().newBrowserCDPSession();
  const { targetInfos } = await cdp.send('Target.getTargets');
  const sw = targetInfos.find((t) => t.type === 'service_worker' && t.url.startsWith(`chrome-extension://${browser.extensionId}/`));
  if (!sw) throw new Error('no service worker target');
  const { sessionId } = await cdp.send('Target.attachToTarget', { targetId: sw.targetId, flatten: false });
  cdp.on('Target.receivedMessageFromTarget', (e) => {
    const m = JSON.parse(e.message);
    if (m.method === 'Network.requestWillBeSent') workerRequests.push(m.params.request.url);
  });
  await cdp.send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id: 1, method: 'Network.enable' }) });
}

/** Writes the reader settings (PITH_SETTINGS_KEY, see messages.js), or removes them. */
async function setReaderSettings(settings) {
  await browser.worker.evaluate(async (s) => {
    if (s) await chrome.storage.local.set({ [PITH_SETTINGS_KEY]: s });
    else await chrome.storage.local.remove(PITH_SETTINGS_KEY);
  }, settings);
}

/**
 * Opens `path` of the test server, waits until the page and its own requests
 * are done, then clicks Pith and waits for the reader and SETTLE_MS more.
 * @returns {{page, reader, pageText: string, after: Object[], leakedAfter: string[], contextAfter: string[],
 *   workerAfter: string[], dialogsAfter: Object[]}}  what happened after the page had loaded
 *   (leakedAfter without Chromium's own traffic, BROWSER_OWN_HOSTS)
 */
async function openInReader(path) {
  const page = await browser.context.newPage();
  await page.goto(`${origin}${path}`, { waitUntil: 'load' });
  await page.waitForLoadState('networkidle');
  // Read now: once the reader opens, `page` may be the reader (same tab).
  const pageText = await page.evaluate(() => document.body.innerText);
  const mark = {
    served: served.length, leaked: leaked.length, context: contextRequests.length,
    worker: workerRequests.length, dialogs: dialogs.length,
  };
  const { reader } = await readWithPith(browser, null, { page });
  await reader.waitForLoadState('load');
  // The reader loads images lazily, as the user scrolls: scroll to each.
  for (const img of await reader.locator('main img').all()) {
    await img.scrollIntoViewIfNeeded();
    await img.evaluate((i) => i.complete || new Promise((ok) => { i.onload = ok; i.onerror = ok; }));
  }
  await reader.waitForTimeout(SETTLE_MS);
  return {
    page,
    reader,
    pageText,
    after: served.slice(mark.served),
    leakedAfter: leaked.slice(mark.leaked).filter((l) => !BROWSER_OWN_HOSTS.test(hostOfProxied(l))),
    workerAfter: workerRequests.slice(mark.worker),
    contextAfter: contextRequests.slice(mark.context),
    dialogsAfter: dialogs.slice(mark.dialogs),
  };
}

/** The host of a proxy log line ("CONNECT host:443" or "GET http://host/..."). */
function hostOfProxied(line) {
  const [method, target] = line.split(' ');
  if (method === 'CONNECT') return target.replace(/:\d+$/, '');
  try { return new URL(target).hostname; } catch { return target; }
}

/** The page's own origin, as its script payloads report it (?o=). */
const pageMade = (r) => new URLSearchParams(r.search).get('o') === origin || r.headers['sec-fetch-site'] === 'same-origin';

/** The web requests (http, https) among `urls`. */
const web = (urls) => urls.filter((u) => /^https?:/i.test(u));

/** Requests the context saw that went anywhere but the extension or the test server. */
function foreign(urls) {
  return urls.filter((u) => {
    if (/^(chrome-extension|data|blob):/.test(u)) return false;
    try { return new URL(u).hostname !== '127.0.0.1'; } catch { return true; }
  });
}

/** The few character references the fixture's text uses, decoded once (as a browser does). */
function decodeEntities(s) {
  const named = { lt: '<', gt: '>', amp: '&', quot: '"' };
  return s.replace(/&(lt|gt|amp|quot);/g, (_, n) => named[n]);
}

const hostileSource = await readFile(join(FIXTURES, 'hostile-article.html'), 'utf8');
/**
 * The payloads' harmless neighbours: marker `harmless-NN` → the words after
 * its first occurrence in the page's text (up to the next tag or sentence end).
 */
const HARMLESS = new Map();
for (const m of hostileSource.matchAll(/harmless-(\d+)([^<]*)/g)) {
  const marker = `harmless-${m[1]}`;
  if (HARMLESS.has(marker)) continue;
  const words = decodeEntities(m[2].trim().split(/(?<=[.;:])\s/)[0].replace(/\s+/g, ' '));
  HARMLESS.set(marker, words ? `${marker} ${words}` : marker);
}
/** Text in the page that looks like markup; the reader must show it literally. */
const LITERAL_TEXT = [
  '<img src=x onerror=alert(34)>',
  '<script>alert("harmless")</script>',
  '<b>bold</b>',
  '&lt;p&gt;',
  '<!-- comments -->',
];
/** Links in the page that are safe: the reader keeps them, with these targets. */
const SAFE_LINKS = [
  'https://example.org/ferries/further-reading',
  'https://example.org/ferries/archive?year=1911&page=2',
  'https://example.org/ferries/landings',
  'mailto:letters@example.org',
];

let hostile; // the hostile page read once, shared by the tests below

test('the hostile page carries at least 40 payloads, each next to harmless text the page shows', async () => {
  assert.ok(HARMLESS.size >= MIN_PAYLOADS, `${HARMLESS.size} payload markers`);
  hostile = await openInReader('/reader/hostile-article.html');
  // The fixture is sound: its harmless text is on the page, and its payloads
  // do run when loaded as a page (so they would run in the reader if carried).
  const text = hostile.pageText.replace(/\s+/g, ' ');
  for (const words of HARMLESS.values()) assert.ok(text.includes(words), `the page shows "${words}"`);
  const ran = served.filter((r) => r.path.startsWith('/canary/')).length;
  assert.ok(ran >= MIN_LIVE_PAYLOADS, `the page's own payloads ran (${ran} canary requests from the page)`);
});

test('no payload runs in the reader: no canary, no dialog, no canary request', async () => {
  const { reader, after, dialogsAfter } = hostile;
  assert.equal(await reader.evaluate(() => window.__pithPwned), undefined, 'window.__pithPwned in the reader');
  assert.deepEqual(dialogsAfter.filter((d) => !d.url.startsWith('http')), [], 'dialogs opened by the reader');
  const canaries = after.filter((r) => r.path.startsWith('/canary/') && !pageMade(r));
  assert.deepEqual(canaries.map((r) => r.path + r.search), [], 'canary requests after the page had loaded, not made by the page');
});

test('no request leaves for any other host, and the reader requests only images', async () => {
  const { after, leakedAfter, contextAfter, workerAfter } = hostile;
  assert.deepEqual(leakedAfter, [], 'requests to hosts other than 127.0.0.1 (proxy log)');
  assert.deepEqual(foreign(contextAfter), [], 'requests to hosts other than 127.0.0.1 (browser context)');
  assert.deepEqual(web(workerAfter), [], 'web requests of the service worker');
  const notImages = after.filter((r) => !pageMade(r))
    .filter((r) => !(r.method === 'GET' && r.path.startsWith('/img/') && r.headers['sec-fetch-dest'] === 'image'));
  assert.deepEqual(notImages.map((r) => `${r.method} ${r.path}${r.search} (${r.headers['sec-fetch-dest']})`), [],
    'requests after the page had loaded that were neither the page\'s nor images');
});

test('the reader carries no active content, handler, unsafe URL or page style', async () => {
  const { reader } = hostile;
  const ext = `chrome-extension://${browser.extensionId}/`;
  const found = await reader.evaluate(({ ext, raster }) => {
    const rasterData = new RegExp(raster, 'i');
    const out = [];
    const describe = (e) => `<${e.localName}${[...e.attributes].map((a) => ` ${a.name}="${a.value.slice(0, 60)}"`).join('')}>`;
    const articles = [...document.querySelectorAll('article')];
    if (!articles.length) out.push('no <article> in the reader');
    const banned = 'script, iframe, frame, frameset, object, embed, applet, form, input, textarea, select, button, '
      + 'style, link, meta, base, template, noscript, svg, math, audio, video, source, canvas, portal';
    for (const a of articles) for (const e of a.querySelectorAll(banned)) out.push(`in the article: ${describe(e)}`);
    for (const e of document.querySelectorAll('iframe, frame, object, embed, form, base, template, noscript')) out.push(`in the page: ${describe(e)}`);
    for (const e of document.querySelectorAll('script')) {
      if (!e.src.startsWith(ext) || e.textContent.trim()) out.push(`a script not from the extension: ${describe(e)}`);
    }
    for (const e of document.querySelectorAll('link')) if (!e.href.startsWith(ext)) out.push(`a link element: ${describe(e)}`);
    for (const e of document.querySelectorAll('meta[http-equiv]')) out.push(`a meta http-equiv: ${describe(e)}`);
    for (const e of document.querySelectorAll('style')) {
      if (/pagestyle|canary|url\(/.test(e.textContent)) out.push(`a style element from the page: ${e.textContent.slice(0, 80)}`);
    }
    // Attribute values as written: the page's URLs must arrive absolute (a
    // relative one would resolve against the extension). The reader's own
    // script and link elements were checked above, by their resolved URLs.
    const urlOk = (v, kind) => {
      const s = v.trim();
      if (s.startsWith(ext)) return true; // the reader's own files
      if (kind === 'href' && s.startsWith('#')) return true; // the reader's own fragment links
      if (/^https?:\/\//i.test(s)) return true;
      if (kind === 'href') return /^mailto:/i.test(s);
      return rasterData.test(s);
    };
    for (const e of document.querySelectorAll('*')) {
      const own = e.localName === 'script' || e.localName === 'link';
      for (const attr of e.attributes) {
        const n = attr.name.toLowerCase();
        if (n.startsWith('on')) out.push(`a handler: ${describe(e)}`);
        if (['srcdoc', 'ping', 'formaction', 'action', 'xlink:href', 'background', 'poster', 'data', 'dynsrc', 'lowsrc'].includes(n)) out.push(`attribute ${n}: ${describe(e)}`);
        if (n === 'href' && !own && !urlOk(attr.value, 'href')) out.push(`an unsafe href: ${describe(e)}`);
        if (n === 'src' && !own && !urlOk(attr.value, 'src')) out.push(`an unsafe src: ${describe(e)}`);
        if (n === 'srcset') for (const c of attr.value.split(',')) if (!urlOk(c.trim().split(/\s+/)[0], 'src')) out.push(`an unsafe srcset: ${describe(e)}`);
        if (n === 'style' && /pagestyle|url\(|canary|expression|binding|behavior/i.test(attr.value)) out.push(`a page style: ${describe(e)}`);
        if (n === 'target' && !['_blank', '_self'].includes(attr.value)) out.push(`a page target: ${describe(e)}`);
      }
    }
    return out;
  }, { ext, raster: RASTER_DATA.source });
  assert.deepEqual(found, []);
});

test('the harmless text around every payload survives as text, and markup-like text stays literal', async () => {
  const { reader } = hostile;
  const text = (await reader.locator('article').first().innerText()).replace(/\s+/g, ' ');
  const missing = [...HARMLESS.values()].filter((words) => !text.includes(words));
  assert.deepEqual(missing, [], `harmless text missing from the reader (of ${HARMLESS.size})`);
  for (const literal of LITERAL_TEXT) assert.ok(text.includes(literal), `the reader shows ${literal} literally`);
  assert.ok(!text.includes('__pithPwned'), 'no script or handler source shown as text');
  assert.ok(!text.includes('template text that is not shown'), 'template content stays inert');
});

test('the safe links and the safe image survive', async () => {
  const { reader, after } = hostile;
  const hrefs = await reader.locator('article a[href]').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
  for (const href of SAFE_LINKS) assert.ok(hrefs.includes(href), `the reader links to ${href}: ${JSON.stringify(hrefs)}`);
  const img = reader.locator(`article img[src="${origin}/img/ok.png"]`);
  assert.equal(await img.count(), 1, 'the safe image is in the reader');
  // (The reader loads images lazily: bring it into view first.)
  await img.scrollIntoViewIfNeeded();
  await img.evaluate((i) => i.complete || new Promise((ok) => { i.onload = ok; i.onerror = ok; }));
  assert.equal(await img.evaluate((i) => i.complete && i.naturalWidth), 400, 'the safe image loaded');
  assert.ok(after.some((r) => r.path === '/img/ok.png' && !pageMade(r)), 'the reader requested the safe image');
  assert.ok(!leaked.some((l) => l.includes('example.org')), 'links are not fetched');
});

/** The block-types sample's images as the reader shows them (absolute URLs). */
async function readerImageSources(reader) {
  return reader.locator('article img').evaluateAll((imgs) => imgs.map((i) => i.currentSrc || i.src));
}

test('with "show images" off, the reader makes no request at all', async () => {
  await setReaderSettings({ theme: 'system', font: 'serif', size: 18, lineHeight: 1.6, width: 70, images: false });
  try {
    const { page, reader, after, leakedAfter, contextAfter, workerAfter } = await openInReader('/reader/block-types.html');
    const text = await reader.locator('article').first().innerText();
    assert.match(text, /A tide mill grinds grain with the power of the sea/, 'the article is shown');
    assert.match(text, /The wheel pit at low water, with the wheel at rest/, 'the figure captions are shown');
    assert.deepEqual(after.map((r) => `${r.method} ${r.path}`), [], 'requests to the test server after the page had loaded');
    assert.deepEqual(leakedAfter, [], 'requests to other hosts (proxy log)');
    assert.deepEqual(web(contextAfter), [], 'web requests seen in the browser context');
    assert.deepEqual(web(workerAfter), [], 'web requests of the service worker');
    await reader.close().catch(() => {});
    await page.close().catch(() => {});
  } finally {
    await setReaderSettings(null);
  }
});

test('with "show images" on (the default), the only requests are the article\'s images', async () => {
  const { page, reader, after, leakedAfter, contextAfter, workerAfter } = await openInReader('/reader/block-types.html');
  const shown = await readerImageSources(reader);
  assert.ok(shown.includes(`${origin}/img/wheel-lazy.png`), `the lazy image is shown: ${JSON.stringify(shown)}`);
  const requested = [...new Set(after.map((r) => `${r.method} ${origin}${r.path}${r.search} ${r.headers['sec-fetch-dest']}`))].sort();
  const expected = [...new Set(shown)].map((src) => `GET ${src} image`).sort();
  assert.deepEqual(requested, expected, 'requests after the page had loaded = the images the reader shows');
  assert.deepEqual(leakedAfter, [], 'requests to other hosts (proxy log)');
  assert.deepEqual(foreign(contextAfter), [], 'requests to other hosts (browser context)');
  assert.deepEqual(foreign(workerAfter), [], 'requests to other hosts (service worker)');
  await reader.close().catch(() => {});
  await page.close().catch(() => {});
});

test('the reader\'s own CSP refuses inline script and script from the web', async () => {
  const { reader } = hostile;
  const before = served.length;
  const ran = await reader.evaluate(async (src) => {
    const inline = document.createElement('script');
    inline.textContent = 'window.__pithInline = true;';
    document.body.append(inline);
    const remote = document.createElement('script');
    remote.src = src;
    const loaded = new Promise((ok) => { remote.onload = () => ok('loaded'); remote.onerror = () => ok('refused'); });
    document.body.append(remote);
    return { inline: window.__pithInline === true, remote: await loaded };
  }, `${origin}/canary/csp-remote.js`);
  assert.deepEqual(ran, { inline: false, remote: 'refused' });
  assert.deepEqual(served.slice(before).map((r) => r.path), [], 'no request for the remote script');
});
