// The reader view page, end to end in the real extension (Debian's Chromium):
// StoredArticle fixtures (tests/fixtures/reader-ui/) are written into
// chrome.storage.session through the service worker and the reader is opened
// on their keys. Covers every block and inline type, unsafe links and image
// sources, "Show images" (counted requests to 127.0.0.1), settings kept across
// tabs, the settings dialog's keyboard use, returning to the page, the
// not-an-article and error pages, RTL, Markdown and HTML export (the converters
// in node, and the real buttons), axe-core in every theme, and no CSP
// violation. Screenshots go to test-output/screenshots/.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { readFile, writeFile, mkdir, mkdtemp, cp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import vm from 'node:vm';
import { ROOT, DIST, launchWithExtension } from './lib.mjs';

const FIXTURES = join(ROOT, 'tests', 'fixtures', 'reader-ui');
const SCREENSHOTS = join(ROOT, 'test-output', 'screenshots');
const AXE_SOURCE = await readFile(join(ROOT, 'node_modules', 'axe-core', 'axe.min.js'), 'utf8');

/**
 * The reader page's policy as issue 7 sets it in manifest.json (images from
 * the web allowed). Until the manifest carries it, the test runs a copy of
 * dist/chrome with this policy; once it does, dist/chrome itself.
 */
const PLANNED_CSP = "script-src 'self' 'wasm-unsafe-eval'; object-src 'self'; style-src 'self'; img-src 'self' data: https: http:; base-uri 'none'; form-action 'none'";

/** How long the test waits to be sure a request did NOT happen (ms). */
const NO_REQUEST_WAIT_MS = 1500;

/** The messages the reader sends the background (messages.js). */
const UI_BG_SET_ALWAYS_OPEN = 'pith:ui-bg-set-always-open';
const UI_BG_RETURN = 'pith:ui-bg-return';

let browser;
let server;
let extensionDir;
let tempExtension = null;
/** Requests the test server saw, by path. */
const requests = new Map();
/** CSP violations and page errors reported by any reader page. */
const problems = [];

/** A page server on 127.0.0.1 that counts requests (the reader's images come from here). */
async function startServer() {
  const crab = await readFile(join(FIXTURES, 'crab.png'));
  const srv = createServer((req, res) => {
    const path = new URL(req.url, 'http://127.0.0.1').pathname;
    requests.set(path, (requests.get(path) || 0) + 1);
    if (path === '/img/crab.png') res.writeHead(200, { 'content-type': 'image/png', 'cache-control': 'no-store' }).end(crab);
    else if (path === '/source.html') res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>Source page</title><p>The original page.</p>');
    else res.writeHead(404).end();
  });
  await new Promise((ok) => srv.listen(0, '127.0.0.1', ok));
  const { port } = srv.address();
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () => new Promise((ok) => { srv.closeAllConnections(); srv.close(() => ok()); }),
  };
}

/** dist/chrome, or a copy of it with PLANNED_CSP when its manifest does not allow web images yet. */
async function readerExtension() {
  const dist = join(DIST, 'chrome');
  const manifest = JSON.parse(await readFile(join(dist, 'manifest.json'), 'utf8'));
  const csp = manifest.content_security_policy.extension_pages;
  if (/img-src[^;]*\bhttp:/.test(csp)) return dist;
  tempExtension = await mkdtemp(join(tmpdir(), 'pith-reader-ext-'));
  await cp(dist, tempExtension, { recursive: true });
  manifest.content_security_policy.extension_pages = PLANNED_CSP;
  await writeFile(join(tempExtension, 'manifest.json'), JSON.stringify(manifest, null, 2));
  console.log(`# manifest.json lacks img-src http:; running a copy of dist/chrome with: ${PLANNED_CSP}`);
  return tempExtension;
}

before(async () => {
  server = await startServer();
  extensionDir = await readerExtension();
  // No transitions (prefers-reduced-motion), so colours read back are final ones.
  browser = await launchWithExtension(extensionDir, { reducedMotion: 'reduce' });
  await mkdir(SCREENSHOTS, { recursive: true });
});

after(async () => {
  await browser?.close();
  await server?.close();
  if (tempExtension) await rm(tempExtension, { recursive: true, force: true });
});

/** A fixture with the test server's addresses filled in. */
async function fixture(name) {
  const text = await readFile(join(FIXTURES, name), 'utf8');
  return JSON.parse(text.replaceAll('{{SOURCE_URL}}', `${server.origin}/source.html`).replaceAll('{{IMAGE_ORIGIN}}', server.origin));
}

let keyCount = 0;
/** Stores `article` in storage.session under a new key, as the background does. */
async function store(article) {
  const key = `pith-article:test-${++keyCount}`;
  await browser.worker.evaluate(([k, a]) => chrome.storage.session.set({ [k]: a }), [key, article]);
  return key;
}

const readerUrl = (key) => `chrome-extension://${browser.extensionId}/ui/reader.html${key === null ? '' : `?key=${encodeURIComponent(key)}`}`;

/** Watches a page for CSP violations, uncaught errors and console errors. */
async function watch(page) {
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI}`);
    });
  });
  page.on('console', (m) => {
    if (m.type() === 'error' && /CSP violation|Content Security Policy|Refused to/.test(m.text())) problems.push(`${page.url()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`${page.url()}: uncaught ${e.message}`));
}

/** Opens the reader on `key` in a new tab and waits until it has rendered. */
async function openReader(key) {
  const page = await browser.context.newPage();
  await watch(page);
  await page.goto(readerUrl(key));
  await page.waitForSelector('main article, main .message');
  return page;
}

async function openFixture(name, edit) {
  const article = await fixture(name);
  if (edit) edit(article);
  return openReader(await store(article));
}

/** Sets settings in chrome.storage.local (as the settings panel does). */
async function setSettings(settings) {
  await browser.worker.evaluate((s) => chrome.storage.local.set({ 'pith-settings': s }), settings);
}

/** Runs axe-core in `page`; returns its serious and critical violations. */
async function axeViolations(page) {
  // page.evaluate goes through CDP (Runtime.evaluate), which the page's CSP
  // does not govern; a <script> tag (addScriptTag) would be refused.
  if (!(await page.evaluate(() => typeof window.axe === 'object'))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const r = await window.axe.run(document, { resultTypes: ['violations'] });
    return r.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.map((n) => n.target.join(' ')).slice(0, 5), help: v.help }));
  });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

/**
 * A stand-in for the background's side of the UI_BG_* messages (being written
 * elsewhere) in the service worker: records each message in `testSeen` and
 * answers `reply` (null: {ok: false}, so that the reader falls back).
 */
async function standIn(reply) {
  await browser.worker.evaluate((r) => {
    globalThis.testSeen = [];
    globalThis.testReply = r ?? { ok: false, error: 'test: not handled' };
    if (globalThis.testListener) return;
    globalThis.testListener = (m, sender, sendResponse) => {
      if (!m || !String(m.type).startsWith('pith:ui-bg-')) return false;
      globalThis.testSeen.push(m);
      sendResponse(globalThis.testReply);
      return false;
    };
    chrome.runtime.onMessage.addListener(globalThis.testListener);
  }, reply);
}

/** Scrolls every image into view (they load lazily) until it has loaded, then back to the top. */
async function loadAllImages(page) {
  for (const img of await page.locator('main img').all()) {
    await img.scrollIntoViewIfNeeded();
    await img.evaluate((i) => i.complete || new Promise((ok) => { i.onload = ok; i.onerror = ok; }));
  }
  await page.evaluate(() => window.scrollTo(0, 0));
}

const bg = (page) => page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
const text = async (locator) => (await locator.textContent()).replace(/\s+/g, ' ').trim();

// ------------------------------------------------------------ converters (node)

/** export.js, loaded as the reader loads it (a classic script), in a node vm. */
async function loadExport() {
  const context = vm.createContext({ URL });
  vm.runInContext(`${await readFile(join(ROOT, 'extension', 'ui', 'export.js'), 'utf8')}\nthis.PithExport = PithExport;`, context);
  return context.PithExport;
}

const HOSTILE = [
  '<script>alert(1)</script>', '"><img src=x onerror=alert(1)>', "' onmouseover='alert(1)", '&lt;b&gt;',
  '</title><script>alert(1)</script>', '<!-- x -->', ']]><![CDATA[', '`${x}`', '\u0000\u2028\u2029', '&amp;&#x3C;',
];

test('escapeHtml: every hostile string comes back as text, in text and in attributes', async () => {
  const X = await loadExport();
  for (const s of HOSTILE) {
    const escaped = X.escapeHtml(s);
    assert.doesNotMatch(escaped, /[<>"']/, `unescaped in ${JSON.stringify(escaped)}`);
    assert.doesNotMatch(escaped, /&(?!amp;|lt;|gt;|quot;|#39;)/, `bare & in ${JSON.stringify(escaped)}`);
    // Decoding the five entities gives the string back.
    const back = escaped.replace(/&(amp|lt|gt|quot|#39);/g, (_, e) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" })[e]);
    assert.equal(back, s);
  }
  assert.equal(X.escapeHtml(null), '');
  assert.equal(X.escapeHtml(12), '12');
});

test('toHtml: hostile titles, text, links and images stay text or are dropped; no script', async () => {
  const X = await loadExport();
  const t = (s) => ({ kind: 'text', text: s });
  const html = X.toHtml({
    title: HOSTILE[4], byline: HOSTILE[1], siteName: HOSTILE[2], sourceUrl: 'javascript:alert(1)',
    lang: 'en" onload="x', dir: 'rtl"><script>',
    blocks: [
      { kind: 'paragraph', inlines: HOSTILE.map(t) },
      { kind: 'paragraph', inlines: [{ kind: 'link', href: 'javascript:alert(1)', children: [t('js')] },
        { kind: 'link', href: 'https://e.org/"><script>', children: [t('quoted')] }] },
      { kind: 'code', lang: '"><script>', text: '</code></pre><script>alert(1)</script>' },
      { kind: 'figure', images: [{ src: 'data:image/svg+xml,<svg onload=alert(1)>', alt: 'svg' },
        { src: 'https://e.org/a.png', alt: '" onerror="alert(1)' }], caption: [t('<b>cap</b>')] },
      { kind: 'table', caption: [], rows: [{ head: false, cells: [{ header: false, colspan: '2" x="', rowspan: 1e9, inlines: [t('<td>')] }] }] },
    ],
    records: [{ name: '<i>n</i>', value: '<b>v</b>' }],
  });
  assert.doesNotMatch(html, /<script/i);
  assert.doesNotMatch(html, /javascript:/i);
  assert.doesNotMatch(html, /svg/);
  assert.doesNotMatch(html, /\son\w+="/i, 'an event handler attribute');
  assert.match(html, /<title>&lt;\/title&gt;&lt;script&gt;/);
  assert.match(html, /href="https:\/\/e.org\/%22%3E%3Cscript%3E"/);
  assert.match(html, /alt="&quot; onerror=&quot;alert\(1\)"/);
  assert.match(html, /<html>/, 'an invalid lang or dir is left out');
  assert.match(html, /rowspan="100"/);
  assert.doesNotMatch(html, /colspan/, 'a non-numeric colspan becomes 1');
  assert.match(html, /&lt;\/code&gt;&lt;\/pre&gt;&lt;script&gt;/);
  assert.match(html, /<meta http-equiv="Content-Security-Policy" content="default-src &#39;none&#39;/);
});

test('toMarkdown: escaping, links, nested lists, fences, GFM tables, images, headings', async () => {
  const X = await loadExport();
  const t = (s) => ({ kind: 'text', text: s });
  const p = (...inlines) => ({ kind: 'paragraph', inlines });
  const md = X.toMarkdown({
    title: 'Tools # and *stars* #',
    sourceUrl: 'https://example.org/a (b)',
    blocks: [
      { kind: 'heading', level: 3, inlines: [t('Top')] },
      { kind: 'heading', level: 4, inlines: [t('Sub')] },
      p(t('# not a heading, *not em*, _x_, [x](y), <b>, a|b, \\, `tick`, &amp; and 1. not a list')),
      p(t('- not an item')),
      p(t('Wow!'), { kind: 'link', href: 'https://e.org/x y(1)', children: [t('a link')] },
        t(' '), { kind: 'link', href: 'javascript:alert(1)', children: [t('no link')] },
        t(' '), { kind: 'emphasis', children: [t(' spaced ')] }, t(' '), { kind: 'strong', children: [t('bold')] },
        t(' '), { kind: 'code', children: [t('a `b` c')] }),
      { kind: 'list', ordered: false, items: [
        { blocks: [p(t('one')), { kind: 'list', ordered: true, start: 7, items: [{ blocks: [p(t('seven'))] }, { blocks: [p(t('eight'))] }] }] },
        { blocks: [p(t('two'))] }] },
      { kind: 'code', lang: 'js', text: 'a ```` b' },
      { kind: 'table', caption: [], rows: [
        { head: true, cells: [{ header: true, inlines: [t('A')] }, { header: true, inlines: [t('B|C')] }] },
        { head: false, cells: [{ header: false, rowspan: 2, inlines: [t('x')] }, { header: false, inlines: [t('y'), { kind: 'break' }, t('z')] }] },
        { head: false, cells: [{ header: false, inlines: [t('w')] }] }] },
      { kind: 'figure', images: [{ src: 'https://e.org/i (1).png', alt: 'an [alt]' }], caption: [t('cap')] },
      { kind: 'quote', blocks: [p(t('q1')), p(t('q2'))] },
    ],
  });
  assert.match(md, /^# Tools # and \\\*stars\\\* \\#\n/);
  assert.match(md, /Source: \[https:\/\/example.org\/a%20\(b\)\]\(https:\/\/example.org\/a%20%28b%29\)/);
  assert.match(md, /\n## Top\n/);
  assert.match(md, /\n### Sub\n/);
  assert.ok(md.includes('\\# not a heading, \\*not em\\*, \\_x\\_, \\[x\\](y), \\<b\\>, a\\|b, \\\\, \\`tick\\`, \\&amp; and 1. not a list'), md);
  assert.ok(md.includes('\n\\- not an item\n'));
  assert.ok(md.includes('Wow\\![a link](https://e.org/x%20y%281%29) no link *spaced* **bold** ``a `b` c``'), md);
  assert.ok(md.includes('\n- one\n  7. seven\n  8. eight\n- two\n'), md);
  assert.ok(md.includes('\n`````js\na ```` b\n`````\n'), md);
  assert.ok(md.includes('\n| A | B\\|C |\n| --- | --- |\n| x | y<br>z |\n|  | w |\n'), md);
  assert.ok(md.includes('\n![an \\[alt\\]](https://e.org/i%20%281%29.png)\n\ncap\n'), md);
  assert.ok(md.includes('\n> q1\n>\n> q2\n'), md);
});

test('reading time: 238 words a minute (Brysbaert 2019), rounded, at least one', async () => {
  const X = await loadExport();
  assert.equal(X.readingMinutes(0), 1);
  assert.equal(X.readingMinutes(100), 1);
  assert.equal(X.readingMinutes(1200), 5);
  assert.equal(X.readingMinutes(2380), 10);
  assert.equal(X.readingMinutes('x'), 1);
});

// ------------------------------------------------------------- in the browser

test('every block and inline type renders as the right elements', async () => {
  const page = await openFixture('every-block.json');
  const source = `${server.origin}/source.html`;
  const body = page.locator('.article-body');

  // Header
  assert.equal(await text(page.locator('h1')), 'A Field Guide to Tide Pools');
  assert.equal(await page.locator('h1').count(), 1);
  assert.equal(await page.locator('.site a').getAttribute('href'), source);
  assert.equal(await text(page.locator('.site a')), 'Shoreline Notes');
  assert.equal(await text(page.locator('.byline')), 'By Ada Marin');
  assert.equal(await text(page.locator('time.published')), 'March 5, 2024');
  assert.equal(await page.locator('time.published').getAttribute('datetime'), '2024-03-05T00:00:00.000Z');
  assert.equal(await text(page.locator('.reading-time')), '5 min read');
  assert.equal(await page.locator('a.view-original').getAttribute('href'), source);
  assert.equal(await page.title(), 'A Field Guide to Tide Pools');
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'en');
  assert.equal(await page.locator('article').getAttribute('dir'), 'ltr');
  // Landmarks
  for (const sel of ['body > header', 'main', 'main > article', 'body > footer']) assert.equal(await page.locator(sel).count(), 1, sel);

  // Headings: the article's highest level (2) is h2, under the title's h1.
  assert.deepEqual(await body.locator('h2').allTextContents(), ['What lives in a pool', 'Words', 'Specifications']);
  assert.deepEqual(await body.locator('h3').allTextContents(), ['Animals']);

  // Inline runs
  const first = body.locator('p').first();
  assert.equal(await text(first.locator('em')), 'how');
  assert.equal(await text(first.locator('strong')), 'why they matter');
  const links = body.locator('p').nth(1);
  const guide = links.locator('a', { hasText: 'field guide' });
  assert.equal(await guide.getAttribute('href'), 'https://example.org/guide?a=1&b=2');
  assert.equal(await guide.getAttribute('rel'), 'noopener noreferrer');
  assert.equal(await guide.getAttribute('target'), null);
  assert.equal(await links.locator('a', { hasText: 'the ranger' }).getAttribute('href'), 'mailto:ranger@example.org');
  assert.equal(await text(links.locator('code')), 'tide --next');
  assert.equal(await text(links.locator('sub')), '2');
  assert.equal(await text(links.locator('sup')), '4');
  assert.equal(await links.locator('br').count(), 1);
  assert.match(await links.innerText(), /square metres\.\nA second line/);

  // Unsafe links are plain text; text that looks like markup is text.
  const unsafe = body.locator('p', { hasText: 'Unsafe links stay text' });
  assert.equal(await unsafe.locator('a').count(), 0);
  assert.match(await text(unsafe), /script link and data link and mixed-case link\./);
  assert.ok((await text(unsafe)).includes('<img src=x onerror=alert(1)> & *stars* _under_ [brackets](x) # not a heading.'));
  assert.equal(await page.locator('a[href^="javascript:" i], a[href^="data:" i], img[src="x"]').count(), 0);

  // Lists: nested, ordered with start.
  const ul = body.locator('> ul');
  assert.deepEqual((await ul.locator('> li').allInnerTexts()).map((s) => s.split('\n')[0]), ['Anemones', 'Crabs', 'Sea stars']);
  assert.deepEqual(await ul.locator('> li > ul > li').allTextContents(), ['Shore crab', 'Hermit crab']);
  const ol = body.locator('> ol');
  assert.equal(await ol.getAttribute('start'), '3');
  assert.equal(await ol.locator('> li').count(), 3);
  assert.deepEqual(await ol.locator('> li > ol > li').allTextContents(), ['Rubber soles', 'No sandals']);
  assert.equal(await ol.locator('> li > ol').getAttribute('start'), null);

  // Quote with blocks
  assert.deepEqual(await body.locator('blockquote > p').allTextContents(), ['In every drop of water there is a world.', '— A naturalist']);

  // Code: pre > code, language class and label only for a plain hint, no wrapping, scrolls.
  const code = body.locator('pre > code.language-python');
  assert.match(await code.textContent(), /^def next_low_tide\(tides\):\n {4}"""/);
  assert.equal(await text(body.locator('.code-block .code-lang')), 'python');
  assert.equal(await body.locator('.code-lang').count(), 1);
  const pre = await body.locator('pre').first().evaluate((e) => {
    const s = getComputedStyle(e);
    return { ws: s.whiteSpace, ox: s.overflowX, font: s.fontFamily, scrolls: e.scrollWidth > e.clientWidth, tab: e.tabIndex };
  });
  assert.equal(pre.ws, 'pre');
  assert.equal(pre.ox, 'auto');
  assert.match(pre.font, /monospace/);
  assert.ok(pre.scrolls, 'the long code line scrolls sideways');
  assert.equal(pre.tab, 0);
  assert.equal(await body.locator('pre').nth(1).locator('code').getAttribute('class'), null, 'an unsafe language hint is dropped');

  // Table
  const region = body.locator('.table-scroll');
  assert.equal(await region.getAttribute('role'), 'region');
  assert.equal(await region.getAttribute('tabindex'), '0');
  assert.equal(await region.getAttribute('aria-label'), 'Table: Tide times, this week');
  assert.equal(await region.evaluate((e) => getComputedStyle(e).overflowX), 'auto');
  assert.equal(await text(region.locator('caption')), 'Tide times, this week');
  assert.equal(await region.locator('caption em').count(), 1);
  assert.deepEqual(await region.locator('thead th').allTextContents(), ['Day', 'Low tides']);
  assert.equal(await region.locator('thead th').nth(1).getAttribute('colspan'), '2');
  assert.equal(await region.locator('thead th').first().getAttribute('scope'), 'col');
  const weekend = region.locator('tbody th', { hasText: 'Weekend' });
  assert.equal(await weekend.getAttribute('rowspan'), '2');
  assert.equal(await weekend.getAttribute('scope'), 'row');
  assert.equal(await region.locator('tbody tr').count(), 3);
  assert.equal(await region.locator('td', { hasText: 'closed for survey' }).getAttribute('colspan'), '100', 'colspan clamped to 100');
  assert.equal(await region.locator('td', { hasText: '18:40 | evening' }).count(), 1);

  // Figures
  const img = body.locator('figure img').first();
  assert.match(await img.getAttribute('src'), /^data:image\/png;base64,/);
  assert.equal(await img.getAttribute('alt'), 'A green tide pool seen from above');
  assert.equal(await img.getAttribute('width'), '640');
  assert.equal(await img.getAttribute('height'), '360');
  assert.equal(await img.getAttribute('loading'), 'lazy');
  assert.equal(await img.getAttribute('decoding'), 'async');
  assert.equal(await img.getAttribute('referrerpolicy'), 'no-referrer');
  assert.equal(await text(body.locator('figure').first().locator('figcaption')), 'A pool at low tide. Photo credit');
  assert.equal(await body.locator('figure').first().locator('figcaption a').getAttribute('href'), 'https://example.org/photo');
  // Unsafe image sources: no image, the alt text stands in.
  const unsafeFigure = body.locator('figure', { hasText: 'Unsafe image sources' });
  assert.equal(await unsafeFigure.locator('img').count(), 0);
  assert.deepEqual(await unsafeFigure.locator('.image-alt').allTextContents(), ['An image with a script address', 'An SVG data image']);
  assert.equal(await page.locator('img[src^="javascript:" i], img[src^="data:image/svg" i]').count(), 0);

  // Rule, definitions, records
  assert.equal(await body.locator('hr').count(), 1);
  const dl = body.locator('> dl');
  assert.deepEqual(await dl.locator('dt').allTextContents(), ['Intertidal zone', 'Spring tide']);
  assert.equal(await dl.locator('dt strong').count(), 1);
  assert.deepEqual(await dl.locator('dd').allTextContents(),
    ['The shore between high and low tide.', 'The largest range, near new and full moon.', 'Not about the season.']);
  const records = body.locator('section.records');
  assert.equal(await text(records.locator('h2')), 'Specifications');
  assert.deepEqual(await records.locator('dt').allTextContents(), ['Weight', 'Colour']);
  assert.deepEqual(await records.locator('dd').allTextContents(), ['1.2 kg', 'Sea green']);

  // No element the model cannot produce.
  assert.equal(await page.locator('main script, main style, main iframe, main form, main object, main svg').count(), 0);
  await page.close();
});

test('"Show images": the web image is requested only while it is on; off creates no <img>', async () => {
  await setSettings({ images: true });
  requests.clear();
  const page = await openFixture('every-block.json');
  const crab = page.locator('img[alt="A shore crab on wet rock"]');
  await crab.scrollIntoViewIfNeeded();
  await page.waitForFunction(() => document.querySelector('img[alt="A shore crab on wet rock"]')?.complete);
  assert.ok(await crab.evaluate((i) => i.naturalWidth) > 0, 'the image loaded');
  assert.equal(requests.get('/img/crab.png'), 1);

  // Switched off in the panel: every <img> goes, the alt text and a note stand in.
  await page.click('#settings-button');
  await page.click('#images');
  await page.keyboard.press('Escape');
  assert.equal(await page.locator('main img').count(), 0);
  const placeholder = page.locator('figure .image-placeholder', { hasText: 'A shore crab on wet rock' });
  assert.match(await text(placeholder), /Image hidden \(Show images is off\)/);
  assert.equal(await text(page.locator('figure', { has: page.locator('.image-placeholder', { hasText: 'A shore crab on wet rock' }) }).locator('figcaption')), 'A shore crab.');
  await page.close();

  // A new reader with images off: no <img> element and no request at all.
  requests.clear();
  const off = await openFixture('every-block.json');
  assert.equal(await off.locator('img').count(), 0);
  await off.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await new Promise((ok) => setTimeout(ok, NO_REQUEST_WAIT_MS));
  assert.equal(requests.get('/img/crab.png') || 0, 0, 'no image request with images off');

  // Switched on again (from another tab, through storage): it loads.
  await setSettings({ images: true });
  await off.waitForSelector('img[alt="A shore crab on wet rock"]', { state: 'attached' });
  await off.locator('img[alt="A shore crab on wet rock"]').scrollIntoViewIfNeeded();
  await off.waitForFunction(() => document.querySelector('img[alt="A shore crab on wet rock"]')?.complete);
  assert.equal(requests.get('/img/crab.png'), 1);
  await off.close();
});

test('settings: the panel changes the page, they persist in a new tab, and change open tabs live', async () => {
  await setSettings(null);
  const page = await openFixture('every-block.json');
  assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), 'system');
  assert.equal(await bg(page), 'rgb(255, 255, 255)', 'follow system: light here');
  const button = page.locator('#settings-button');
  await button.click();
  assert.equal(await page.locator('#settings').evaluate((d) => d.open), true);
  assert.equal(await button.getAttribute('aria-expanded'), 'true');
  await page.click('label.theme-dark');
  assert.equal(await bg(page), 'rgb(28, 27, 34)');
  await page.click('label.font-sans');
  await page.locator('#size').focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  assert.equal(await text(page.locator('#size-value')), '22 px');
  await page.locator('#line-height').fill('1.8');
  await page.locator('#width').fill('60');
  const style = await page.evaluate(() => {
    const m = getComputedStyle(document.querySelector('main'));
    return { size: m.fontSize, line: m.lineHeight, font: m.fontFamily, width: m.maxWidth };
  });
  assert.equal(style.size, '22px');
  assert.equal(style.line, `${22 * 1.8}px`);
  assert.match(style.font, /^system-ui/);
  assert.equal(style.width, `${Number.parseFloat(style.width)}px`);

  // Escape closes the dialog and gives focus back to the button; the page stays.
  await page.keyboard.press('Escape');
  assert.equal(await page.locator('#settings').evaluate((d) => d.open), false);
  assert.equal(await page.evaluate(() => document.activeElement.id), 'settings-button');
  // The dialog's 'close' event, which resets the button, is fired from a
  // queued task (HTML's dialog close steps): wait for it, briefly.
  await page.waitForFunction(() => document.querySelector('#settings-button').getAttribute('aria-expanded') === 'false',
    null, { timeout: 2000 }).catch(() => {});
  assert.equal(await button.getAttribute('aria-expanded'), 'false');
  assert.match(page.url(), /reader\.html/);

  const saved = await browser.worker.evaluate(() => chrome.storage.local.get('pith-settings'));
  assert.deepEqual(saved['pith-settings'], { theme: 'dark', font: 'sans', size: 22, lineHeight: 1.8, width: 60, images: true });

  // A new tab opens with them.
  const again = await openFixture('every-block.json');
  assert.equal(await again.evaluate(() => document.documentElement.dataset.theme), 'dark');
  assert.equal(await bg(again), 'rgb(28, 27, 34)');
  assert.equal(await again.evaluate(() => getComputedStyle(document.querySelector('main')).fontSize), '22px');
  await again.click('#settings-button');
  assert.equal(await again.locator('input[name="theme"][value="dark"]').isChecked(), true);
  assert.equal(await again.locator('#width').inputValue(), '60');
  // Changing it there changes the first tab too (storage.onChanged).
  await again.click('label.theme-sepia');
  await page.waitForFunction(() => document.documentElement.dataset.theme === 'sepia');
  assert.equal(await bg(page), 'rgb(244, 236, 216)');
  await again.click('#settings-reset');
  await page.waitForFunction(() => document.documentElement.dataset.theme === 'system');
  await again.close();
  await page.close();
});

test('Escape and "Back to page" ask the background to return, and it returns to the page', async () => {
  // (The stand-in only records the message and answers; the real background
  // handles it too, and takes the tab back to the page.)
  await standIn({ ok: true });
  const source = `${server.origin}/source.html`;
  for (const how of ['Escape', 'link']) {
    const key = await store(await fixture('every-block.json'));
    // Opened by the extension in a new tab: no history to go back to.
    const opened = browser.context.waitForEvent('page');
    await browser.worker.evaluate((url) => chrome.tabs.create({ url }), readerUrl(key));
    const page = await opened;
    await watch(page);
    await page.waitForSelector('main article');
    assert.equal(await page.locator('#back').getAttribute('href'), source);
    if (how === 'Escape') await page.keyboard.press('Escape');
    else await page.click('#back');
    await page.waitForURL(source);
    assert.equal(await page.title(), 'Source page');
    await page.close();
  }
  const seen = await browser.worker.evaluate(() => globalThis.testSeen);
  assert.deepEqual(seen, [{ type: UI_BG_RETURN }, { type: UI_BG_RETURN }]);
});

test('"Always open this site": shows the stored state, and switching off sends the message', async () => {
  const page = await openFixture('every-block.json');
  await page.click('#settings-button');
  const toggle = page.locator('#always-open');
  assert.equal(await page.locator('#always-open-row').isVisible(), true);
  assert.equal(await text(page.locator('#always-open-label')), `Always open ${new URL(server.origin).host} in reader view`);
  assert.equal(await toggle.isChecked(), false);
  await browser.worker.evaluate((o) => chrome.storage.local.set({ 'pith-always-open': [o] }), server.origin);
  await page.waitForFunction(() => document.getElementById('always-open').checked);
  await standIn({ ok: true });
  await toggle.click();
  await page.waitForFunction(() => document.getElementById('always-open-status').textContent);
  assert.match(await text(page.locator('#always-open-status')), /will open as usual/);
  assert.deepEqual(await browser.worker.evaluate(() => globalThis.testSeen), [{ type: UI_BG_SET_ALWAYS_OPEN, origin: server.origin, on: false }]);
  assert.equal(await toggle.isChecked(), false);
  // The real background handled the message too: the site is off its list.
  await page.waitForFunction(() => !document.getElementById('always-open').checked);
  const list = await browser.worker.evaluate(() => chrome.storage.local.get('pith-always-open'));
  assert.deepEqual(list['pith-always-open'] || [], []);
  await browser.worker.evaluate(() => chrome.storage.local.remove('pith-always-open'));
  await page.close();

  // Not offered for a page that is not a web address.
  const other = await openFixture('every-block.json', (a) => { a.sourceUrl = 'file:///tmp/a.html'; });
  assert.equal(await other.locator('#always-open-row').isHidden(), true);
  await other.close();
});

test('right-to-left: lang and dir from the article, the layout mirrored', async () => {
  await setSettings({ theme: 'light' });
  const page = await openFixture('rtl.json');
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'ar');
  const article = page.locator('main > article');
  assert.equal(await article.getAttribute('dir'), 'rtl');
  assert.equal(await article.getAttribute('lang'), 'ar');
  assert.equal(await article.evaluate((e) => getComputedStyle(e).direction), 'rtl');
  const quote = await page.locator('blockquote').evaluate((e) => {
    const s = getComputedStyle(e);
    return { right: s.borderRightWidth, left: s.borderLeftWidth };
  });
  assert.deepEqual(quote, { right: '3px', left: '0px' });
  // The heading's right edge is at the text column's right edge.
  const [h, body] = await Promise.all([page.locator('h1').boundingBox(), page.locator('.article-body p').first().boundingBox()]);
  assert.ok(Math.abs(h.x + h.width - (body.x + body.width)) < 2);
  const date = await text(page.locator('time.published'));
  assert.notEqual(date, '2024-03-05T10:00:00Z');
  assert.match(date, /مارس/, 'the date in Arabic');
  await page.screenshot({ path: join(SCREENSHOTS, 'reader-rtl.png'), fullPage: true });
  assert.deepEqual(await axeViolations(page), []);
  await page.close();
});

test('a page that is not an article: the reason, then the best candidate on request', async () => {
  const page = await openFixture('not-readerable.json');
  const notice = page.locator('.notice');
  assert.match(await text(notice), /This page doesn’t look like an article\./);
  assert.match(await text(notice), /a listing of 24 links with little text between them/);
  assert.equal(await page.locator('.article-body p', { hasText: 'Best candidate paragraph' }).count(), 0);
  assert.equal(await page.locator('#export').isHidden(), true);
  assert.equal(await text(page.locator('time.published')), 'last Tuesday', 'an unparsable date as given');
  assert.equal(await page.locator('.reading-time').count(), 0, 'no reading time for text not shown');
  assert.deepEqual(await axeViolations(page), []);
  await page.click('text=Show what Pith found');
  assert.equal(await page.locator('.article-body p', { hasText: 'Best candidate paragraph' }).count(), 1);
  assert.equal(await text(page.locator('.reading-time')), '1 min read', 'its reading time once shown');
  assert.equal(await page.evaluate(() => document.activeElement.id), 'article-body');
  assert.equal(await page.locator('#export').isVisible(), true);
  await page.close();

  // Nothing found at all (the core kept no block): the notice says so and
  // offers no button that would reveal nothing.
  const empty = await openFixture('not-readerable.json', (a) => { a.result.extraction.blocks = []; a.result.extraction.records = []; });
  assert.match(await text(empty.locator('.notice')), /Pith found no article on this page\./);
  assert.match(await text(empty.locator('.notice')), /a listing of 24 links with little text between them/);
  assert.equal(await empty.locator('text=Show what Pith found').count(), 0);
  assert.equal(await empty.locator('main#reader').getAttribute('data-state'), 'not-readerable');
  assert.deepEqual(await axeViolations(empty), []);
  await empty.close();
});

test('a page without running text whose content the core shows: the content at once, under a line naming its kind', async () => {
  // The fixture has no `shows` (an article stored by an older core): the
  // notice, as the test above; with the core's verdict, the content.
  const cases = [
    ['service', 'A service page: Pith shows its sections.'],
    ['collection', 'A collection page: Pith shows its items.'],
    ['forum', 'A discussion: Pith shows its posts.'],
    // A kind this reader does not know (a newer core), or none.
    ['__proto__', 'No long running text on this page: this is what Pith found.'],
    [undefined, 'No long running text on this page: this is what Pith found.'],
  ];
  for (const [kind, line] of cases) {
    const page = await openFixture('not-readerable.json', (a) => {
      a.result.extraction.shows = 'content';
      a.result.extraction.pageType = kind === undefined ? undefined : { kind };
    });
    assert.equal(await page.locator('main#reader').getAttribute('data-state'), 'ready', `${kind}: data-state`);
    const notes = page.locator('.article-body > .notice');
    assert.equal(await notes.count(), 1, `${kind}: one line`);
    assert.equal(await text(notes), line, `${kind}: the line`);
    assert.equal(await page.locator('.article-body p', { hasText: 'Best candidate paragraph' }).count(), 1, `${kind}: the content`);
    assert.equal(await page.locator('text=Show what Pith found').count(), 0, `${kind}: no button`);
    assert.equal(await page.locator('#export').isVisible(), true, `${kind}: export`);
    if (kind === 'service') assert.deepEqual(await axeViolations(page), []);
    await page.close();
  }
  // A byline that is the site's name is not said twice; another one is.
  for (const [byline, siteName, shown] of [['SHORELINE  notes.', 'Shoreline Notes', 0], ['Shoreline Notes staff', 'Shoreline Notes', 1]]) {
    const page = await openFixture('every-block.json', (a) => Object.assign(a.result.extraction, { byline, siteName }));
    assert.equal(await page.locator('.byline').count(), shown, `byline ${byline}`);
    assert.equal(await text(page.locator('.site a')), siteName);
    await page.close();
  }
  // The core's notice verdict wins over an article's readerable flag.
  const notice = await openFixture('not-readerable.json', (a) => { a.result.extraction.shows = 'notice'; a.result.extraction.readerable = true; });
  assert.equal(await notice.locator('main#reader').getAttribute('data-state'), 'not-readerable');
  await notice.close();
});

test('errors, a missing key, an expired article and a broken one: a clear message, never blank', async () => {
  const cases = [
    [await store(await fixture('error-restricted.json')), /Pith can’t read browser pages, the web store or PDFs\./],
    [await store(await fixture('error-failed.json')), /the page closed while it was being read/],
    [await store({ ...(await fixture('error-failed.json')), result: { ok: false, reason: 'not-html', error: 'x' } }), /not a web page Pith can read/],
    [null, /opened without an article/],
    ['pith-article:gone', /no longer here/],
    [await store({ sourceUrl: 'https://e.org/', result: 'garbage' }), /stored article is incomplete/],
  ];
  for (const [key, message] of cases) {
    const page = await openReader(key);
    assert.match(await text(page.locator('main .message')), message, String(key));
    assert.equal(await page.locator('main .message h1').count(), 1);
    assert.equal(await page.locator('#export').isHidden(), true);
    await page.close();
  }
  // Malformed blocks and nesting deeper than the reader renders (MAX_DEPTH 32; deeper still
  // does not fit storage.session): whatever can be shown is shown, nothing throws.
  let deep = { kind: 'paragraph', inlines: [{ kind: 'text', text: 'deep text' }] };
  for (let i = 0; i < 40; i++) deep = { kind: 'quote', blocks: [deep] };
  let deepInline = { kind: 'text', text: 'deep inline' };
  for (let i = 0; i < 40; i++) deepInline = { kind: 'strong', children: [deepInline] };
  const page = await openFixture('every-block.json', (a) => {
    a.result.extraction.blocks = [null, 5, { kind: 'list', items: 5 }, { kind: 'table', rows: [{ cells: [null, { colspan: 'x' }] }] },
      { kind: 'figure', images: 'no' }, { kind: 'unknown-kind', text: 'future block' }, deep,
      { kind: 'paragraph', inlines: [deepInline] }, { kind: 'heading', level: 99, inlines: [{ kind: 'text', text: 'level 99' }] }];
    a.result.extraction.records = 'no';
    a.result.extraction.lang = 'not a lang!';
  });
  assert.match(await text(page.locator('.article-body')), /future block.*deep text.*deep inline.*level 99/);
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'en');
  await page.close();
});

test('records the article already shows (inArticle) are not listed again, in the reader or the exports', async () => {
  // One of two records in the article: the other is listed.
  const some = await openFixture('every-block.json', (a) => { a.result.extraction.records[0].inArticle = true; });
  const records = some.locator('.article-body section.records');
  assert.deepEqual(await records.locator('dt').allTextContents(), ['Colour']);
  assert.deepEqual(await records.locator('dd').allTextContents(), ['Sea green']);
  const [md] = await Promise.all([some.waitForEvent('download'), some.click('#save-md')]);
  const text = await readFile(await md.path(), 'utf8');
  assert.ok(text.includes('## Specifications\n\n**Colour**\n: Sea green'), text);
  assert.ok(!text.includes('**Weight**'), 'the record in the article is not listed');
  const [html] = await Promise.all([some.waitForEvent('download'), some.click('#save-html')]);
  const page = await readFile(await html.path(), 'utf8');
  assert.ok(page.includes('<dt>Colour</dt>') && !page.includes('<dt>Weight</dt>'), 'HTML export: the other record only');
  await some.close();
  // Both in the article: no section at all. `inArticle` must be true, not truthy.
  const all = await openFixture('every-block.json', (a) => {
    for (const r of a.result.extraction.records) r.inArticle = true;
  });
  assert.equal(await all.locator('section.records').count(), 0);
  assert.equal(await all.locator('#specifications').count(), 0);
  await all.close();
  const truthy = await openFixture('every-block.json', (a) => { a.result.extraction.records[0].inArticle = 'yes'; });
  assert.deepEqual(await truthy.locator('section.records dt').allTextContents(), ['Weight', 'Colour']);
  await truthy.close();
});

test('export: Save as Markdown and Save as HTML download the article; Copy as Markdown copies it', async () => {
  await setSettings({ theme: 'light' });
  const page = await openFixture('every-block.json');
  const [mdDownload] = await Promise.all([page.waitForEvent('download'), page.click('#save-md')]);
  assert.equal(mdDownload.suggestedFilename(), 'A Field Guide to Tide Pools.md');
  const md = await readFile(await mdDownload.path(), 'utf8');
  for (const expected of [
    '# A Field Guide to Tide Pools\n', '## What lives in a pool\n', '### Animals\n',
    '*how* to visit without harm, and **why they matter**.',
    '[field guide](https://example.org/guide?a=1&b=2)', '[the ranger](mailto:ranger@example.org)', '`tide --next`',
    'script link and data link', '\\<img src=x onerror=alert(1)\\> & \\*stars\\*',
    '- Crabs\n  - Shore crab\n  - Hermit crab\n', '3. Check the tide table\n4. Wear shoes that grip\n   1. Rubber soles\n',
    '> In every drop of water there is a world.\n>\n> — A naturalist', '````python\ndef next_low_tide',
    '| Day | Low tides |  |\n| --- | --- | --- |\n| Weekend | 06:12 | 18:40 \\| evening |\n|  | 07:01 | 19:25 |\n',
    `![A shore crab on wet rock](${server.origin}/img/crab.png)`, '\n---\n', '**Intertidal zone**\n: The shore between high and low tide.',
    '## Specifications\n\n**Weight**\n: 1.2 kg',
  ]) assert.ok(md.includes(expected), `Markdown lacks ${JSON.stringify(expected)}`);
  assert.doesNotMatch(md, /javascript:|data:image\/svg/i);

  const [htmlDownload] = await Promise.all([page.waitForEvent('download'), page.click('#save-html')]);
  assert.equal(htmlDownload.suggestedFilename(), 'A Field Guide to Tide Pools.html');
  const html = await readFile(await htmlDownload.path(), 'utf8');
  assert.match(html, /^<!doctype html>\n<html lang="en" dir="ltr">/);
  assert.doesNotMatch(html, /<script/i);
  assert.ok(html.includes('<h1>A Field Guide to Tide Pools</h1>'));
  assert.ok(html.includes(`<a href="${server.origin}/source.html">`));
  assert.ok(html.includes('<a href="https://example.org/guide?a=1&amp;b=2">field guide</a>'));
  assert.ok(html.includes('&lt;img src=x onerror=alert(1)&gt; &amp; *stars*'));
  assert.ok(html.includes(`<img src="${server.origin}/img/crab.png" alt="A shore crab on wet rock"`), 'images linked by URL');
  assert.ok(html.includes('<th colspan="2">Low tides</th>'));
  // Opened as a file, it shows the article and runs nothing.
  const file = await browser.context.newPage();
  const htmlPath = join(tmpdir(), `pith-export-${process.pid}.html`);
  await writeFile(htmlPath, html);
  await file.goto(`file://${htmlPath}`);
  assert.equal(await file.locator('h1').textContent(), 'A Field Guide to Tide Pools');
  assert.equal(await file.locator('script, img[src="x"]').count(), 0);
  assert.equal(await file.locator('pre code.language-python').count(), 1);
  await file.close();
  await rm(htmlPath, { force: true });

  // Copy: the result is said in the live region; a paste elsewhere gives the Markdown.
  await page.bringToFront();
  await page.click('#copy-md');
  await page.waitForFunction(() => /Copied the article as Markdown|Could not copy/.test(document.getElementById('announce').textContent));
  assert.equal(await text(page.locator('#announce')), 'Copied the article as Markdown');
  assert.equal(await page.locator('#announce').getAttribute('aria-live'), 'polite');
  const paste = await browser.context.newPage();
  await paste.goto(`${server.origin}/source.html`);
  await paste.evaluate(() => document.body.append(document.createElement('textarea')));
  await paste.focus('textarea');
  await paste.keyboard.press('Control+V');
  assert.equal(await paste.locator('textarea').inputValue(), md);
  await paste.close();
  await page.close();
});

test('axe-core: no serious or critical violation in light, sepia and dark; screenshots', async () => {
  for (const theme of ['light', 'sepia', 'dark']) {
    await setSettings({ theme });
    const page = await openFixture('every-block.json');
    await loadAllImages(page);
    assert.deepEqual(await axeViolations(page), [], theme);
    await page.screenshot({ path: join(SCREENSHOTS, `reader-${theme}.png`), fullPage: true });
    await page.click('#settings-button');
    assert.deepEqual(await axeViolations(page), [], `${theme}, settings open`);
    if (theme === 'light') await page.screenshot({ path: join(SCREENSHOTS, 'reader-settings.png') });
    // Every control is reachable by keyboard and shows its focus.
    await page.keyboard.press('Escape');
    const seen = new Set();
    for (let i = 0; i < 40; i++) {
      await page.keyboard.press('Tab');
      const focus = await page.evaluate(() => {
        const e = document.activeElement;
        if (e === document.body) return null; // past the last control: focus is in the browser's own UI
        return { id: e.id || e.textContent.trim().slice(0, 30), outline: getComputedStyle(e).outlineStyle };
      });
      if (!focus) continue;
      seen.add(focus.id);
      assert.notEqual(focus.outline, 'none', `no visible focus on ${focus.id}`);
    }
    for (const id of ['back', 'settings-button', 'save-md', 'save-html', 'copy-md']) assert.ok(seen.has(id), `${id} not reachable by Tab`);
    await page.close();
  }
  await setSettings(null);
});

test('forced colours and reduced motion: system colours, no transitions', async () => {
  const page = await openFixture('every-block.json');
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  assert.equal(await page.evaluate(() => getComputedStyle(document.querySelector('.tool')).transitionDuration), '0.2s, 0.2s, 0.2s');
  await page.emulateMedia({ forcedColors: 'active', reducedMotion: 'reduce' });
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished)));
  const s = await page.evaluate(() => ({
    code: getComputedStyle(document.querySelector('pre')).backgroundColor,
    transition: getComputedStyle(document.querySelector('.tool')).transitionDuration,
  }));
  assert.match(s.code, /^rgba\(\d+, \d+, \d+, 0\)$/, 'no background behind code');
  assert.equal(s.transition, '0s');
  assert.deepEqual(await axeViolations(page), []);
  await page.close();
});

test('print: no controls, black on white, link addresses after links', async () => {
  await setSettings({ theme: 'dark' });
  const page = await openFixture('every-block.json');
  await page.emulateMedia({ media: 'print' });
  const s = await page.evaluate(() => ({
    toolbar: getComputedStyle(document.querySelector('.toolbar')).display,
    footer: getComputedStyle(document.querySelector('.page-foot')).display,
    bg: getComputedStyle(document.documentElement).backgroundColor,
    color: getComputedStyle(document.querySelector('.article-body p')).color,
    after: getComputedStyle(document.querySelector('.article-body a[href^="https"]'), '::after').content,
  }));
  assert.deepEqual(s, {
    toolbar: 'none', footer: 'none', bg: 'rgb(255, 255, 255)', color: 'rgb(0, 0, 0)',
    after: '" (https://example.org/guide?a=1&b=2)"',
  });
  await page.close();
  await setSettings(null);
});

test('no CSP violation and no uncaught error in any reader page', () => {
  assert.deepEqual(problems, []);
});
