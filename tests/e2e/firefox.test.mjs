// Pith in Firefox: Debian's firefox-esr, headless, driven through geckodriver
// (tests/e2e/firefox-lib.mjs), with dist/firefox installed as a temporary
// add-on. A click on its toolbar button opens the reader with the article, on
// a plain page and on one whose CSP forbids WebAssembly. And dist/firefox
// passes `web-ext lint`, the check addons.mozilla.org runs.
//
// Nothing is skipped: without firefox-esr or geckodriver the test fails and
// says to run ./build.sh, whose setup installs them.

import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { DIST, ROOT, serveStatic } from './lib.mjs';
import { ADDON_ID, clickAction, launchFirefox, missingPrograms, waitFor, waitForTab } from './firefox-lib.mjs';

/**
 * From the click to the rendered reader. The plain page takes about 1 s in
 * headless firefox-esr 153 here; the margin covers a loaded 2-CPU machine.
 */
const READ_MS = 30000;

/** What tests/fixtures/firefox/article.html says, as the reader must show it. */
const TITLE = 'How Lighthouse Lenses Bend Light';
const PARAGRAPH_STARTS = [
  'A lighthouse lamp is not especially bright on its own.',
  'The design is named after Augustin Fresnel,',
  'The upper and lower rings work differently from the middle band.',
  'Each light also speaks its own language.',
];

describe('Firefox end to end', () => {
  let server;
  let firefox;

  before(async () => {
    server = await serveStatic({ '/fixtures/': join(ROOT, 'tests', 'fixtures') + '/' });
    if (missingPrograms()) return; // each test fails with the message
    firefox = await launchFirefox();
    const id = await firefox.session.installTemporaryAddon(join(DIST, 'firefox'));
    assert.equal(id, ADDON_ID);
  });

  after(async () => {
    await firefox?.close();
    await server?.close();
  });

  function requireFirefox() {
    const missing = missingPrograms();
    if (missing) assert.fail(missing);
  }

  /**
   * Opens `url` in the current tab, clicks Pith's toolbar button, and returns
   * what the reader shows once rendered: its title, paragraphs and footer.
   * The reader is looked for in every tab, whether it opened in a new tab or
   * replaced the page.
   */
  async function readInFirefox(url) {
    const { session } = firefox;
    const [first] = await session.handles();
    await session.switchTo(first);
    await session.goto(url);
    // Whether the page's CSP lets an inline script run (the strict one does not).
    const inlineScriptRuns = await session.execute(`
      const script = document.createElement('script');
      script.textContent = 'document.documentElement.dataset.inlineRan = "yes"';
      document.head.append(script);
      script.remove();
      const ran = document.documentElement.dataset.inlineRan === 'yes';
      delete document.documentElement.dataset.inlineRan;
      return ran;`);
    const clicked = Date.now();
    await clickAction(session);
    const reader = await waitForTab(session, (u) => /^moz-extension:\/\/[^/]+\/ui\/reader\.html\?key=/.test(u), READ_MS);
    // Rendered: main#reader says data-state="ready" (or, from a reader that
    // does not set it, the article element is there); an error message fails.
    const readerState = () => session.execute(`
      const main = document.querySelector('main#reader');
      const error = document.querySelector('.status.error');
      const state = main ? main.dataset.state : undefined;
      return {
        ready: !error && (state === 'ready' || (state === undefined && !!document.querySelector('article'))),
        error: error ? error.textContent : state === 'error' ? main.textContent : null,
        state: state ?? null,
        // Between documents (the page unloading, the reader loading) there
        // may be no body yet: read what there is.
        text: ((main || document.body || document.documentElement)?.textContent ?? '').replace(/\\s+/g, ' ').trim().slice(0, 300),
      };`);
    let last;
    await waitFor(async () => { last = await readerState(); return last.ready || last.error; }, READ_MS,
      () => `the reader rendering the article (last seen: ${JSON.stringify(last)})`);
    assert.equal(last.error, null, `the reader showed an error: ${last.error}`);
    const clickToReaderMs = Date.now() - clicked;
    const shown = await session.execute(`
      const text = (e) => e.textContent.replace(/\\s+/g, ' ').trim();
      return {
        title: text(document.querySelector('h1')),
        paragraphs: [...document.querySelectorAll('article .article-body p')].map(text),
        footer: text(document.querySelector('footer') || document.body).slice(0, 200),
      };`);
    // Back to a plain tab for the next test: close a reader tab of its own.
    const handles = await session.handles();
    if (handles.length > 1) {
      await session.cmd('DELETE', '/window');
      const [rest] = await session.handles();
      await session.switchTo(rest);
    }
    return { ...shown, inlineScriptRuns, clickToReaderMs, readerUrl: reader.url };
  }

  function assertArticle(shown) {
    assert.equal(shown.title, TITLE);
    const paragraphs = shown.paragraphs.filter((p) => !/^By Ilse Varga$/.test(p));
    assert.equal(paragraphs.length, PARAGRAPH_STARTS.length, `paragraphs: ${JSON.stringify(shown.paragraphs)}`);
    PARAGRAPH_STARTS.forEach((start, i) => assert.ok(paragraphs[i].startsWith(start), `paragraph ${i}: ${paragraphs[i]}`));
    for (const p of shown.paragraphs) {
      assert.doesNotMatch(p, /Tide tables|Copyright|Subscribe/, 'the sidebar, menu and footer stay out');
    }
  }

  test('Firefox: the toolbar button opens the reader with the article', async (t) => {
    requireFirefox();
    const shown = await readInFirefox(server.url('/fixtures/firefox/article.html'));
    assert.equal(shown.inlineScriptRuns, true, 'the plain page runs scripts');
    t.diagnostic(`click to rendered reader: ${shown.clickToReaderMs} ms; footer: ${shown.footer}`);
    assertArticle(shown);
  });

  test("Firefox: on a page with CSP script-src 'self' the reader still shows the article", async (t) => {
    requireFirefox();
    const shown = await readInFirefox(server.url('/fixtures/firefox/article.html?csp=strict'));
    assert.equal(shown.inlineScriptRuns, false, 'Firefox applies the strict CSP to the page');
    // Which path ran (wasm in the page, or the JS walker) is Firefox's choice
    // and only recorded here: the article must show either way. (Firefox
    // 153 runs wasm there: the page's CSP does not bind content scripts.)
    t.diagnostic(`click to rendered reader: ${shown.clickToReaderMs} ms; footer: ${shown.footer}`);
    assertArticle(shown);
  });
});

test('the Firefox variant passes web-ext lint without errors or warnings', async () => {
  const webExt = join(ROOT, 'node_modules', 'web-ext', 'bin', 'web-ext.js');
  // (web-ext lint exits non-zero on errors; its JSON report is read either way.)
  const { stdout } = await promisify(execFile)(process.execPath, [
    webExt, 'lint', '--source-dir', join(DIST, 'firefox'), '--output=json', '--no-config-discovery', '--no-input', '--boring',
  ], {
    // No update check (a network request) from web-ext's update notifier.
    env: { ...process.env, NO_UPDATE_NOTIFIER: '1' },
    maxBuffer: 16 * 1024 * 1024,
  }).catch((e) => e);
  const report = JSON.parse(stdout);
  const messages = [...report.errors, ...report.warnings].map((m) => `${m.code}: ${m.message} (${m.file || ''})`);
  assert.deepEqual(messages, []);
  assert.equal(report.summary.errors, 0);
});
