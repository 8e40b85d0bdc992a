// The devtools panel "Pith" (devtools/panel.html), in the real extension in
// Debian's Chromium, loaded as an extension page with a small stand-in for
// `chrome.devtools` defined before its scripts run (Playwright's
// addInitScript): `inspectedWindow.tabId` is a real tab; `inspectedWindow.eval`
// evaluates as DevTools does (CDP Runtime.evaluate with the console's command
// line API: $0, inspect()), in the page's main world or, with
// useContentScriptContext, in Pith's content-script world;
// `panels.elements.onSelectionChanged` fires when the test sets the
// inspected node (CDP DOM.setInspectedNode, what selecting in Elements does).
//
// Checked: the table is the core's own output, selection goes both ways and
// outlines the right element, a parameter flips a decision on a page built
// for it, the exports hold the table, and the strict-CSP page works.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { mkdir, readFile } from 'node:fs/promises';
import { ROOT, DIST, serveStatic, launchWithExtension, tabIdOf, grantSiteAccess } from './lib.mjs';

const SCREENSHOTS = join(ROOT, 'test-output', 'screenshots');
/** The extension's name: its content scripts' isolated world is named after it. */
const EXTENSION_NAME = 'Pith';

let server;
let browser;
let revoke;

before(async () => {
  server = await serveStatic({
    '/samples/': join(ROOT, 'www', 'samples') + '/',
    '/fixtures/': join(ROOT, 'tests', 'fixtures') + '/',
  });
  browser = await launchWithExtension(join(DIST, 'chrome'));
  // DevTools opened on a page does not give an extension access to it: the
  // user clicks the button once, or allows the site (the panel offers it).
  revoke = await grantSiteAccess(browser, new URL(server.url('/')).origin);
  await mkdir(SCREENSHOTS, { recursive: true });
});

after(async () => {
  await revoke?.();
  await browser?.close();
  await server?.close();
});

/**
 * Opens `path` in a tab and the panel, inspecting it, in another.
 * @returns {Promise<{page, panel, tabId, cdp, inspected: Object[], selectElement: (selector: string) => Promise<void>}>}
 */
async function openPanel(path) {
  const page = await browser.context.newPage();
  await page.setViewportSize({ width: 1100, height: 700 });
  await page.goto(server.url(path));
  const tabId = await tabIdOf(browser.worker, page.url());
  const cdp = await browser.context.newCDPSession(page);
  const contexts = [];
  const inspected = [];
  cdp.on('Runtime.executionContextCreated', ({ context }) => contexts.push(context));
  cdp.on('Runtime.executionContextsCleared', () => contexts.splice(0));
  cdp.on('Runtime.inspectRequested', (e) => inspected.push(e));
  await cdp.send('Runtime.enable');
  await cdp.send('DOM.enable');

  const panel = await browser.context.newPage();
  await panel.setViewportSize({ width: 1400, height: 800 });
  // DevTools' own evaluation of inspectedWindow.eval: Runtime.evaluate with
  // the command line API, in the main world or in the extension's content
  // script world.
  await panel.exposeFunction('pithTestEval', async (expression, contentScript) => {
    const ctx = [...contexts].reverse().find((c) => (contentScript
      ? c.auxData?.type === 'isolated' && c.name === EXTENSION_NAME
      : c.auxData?.isDefault));
    if (!ctx) return { exception: { isException: true, value: 'no such context' } };
    const r = await cdp.send('Runtime.evaluate', {
      expression, contextId: ctx.id, includeCommandLineAPI: true, returnByValue: true, awaitPromise: true,
    });
    if (r.exceptionDetails) return { exception: { isException: true, value: r.exceptionDetails.exception?.description ?? r.exceptionDetails.text } };
    return { value: r.result.value };
  });
  await panel.addInitScript((inspectedTabId) => {
    const selectionListeners = [];
    globalThis.pithTestSelectionChanged = () => { for (const f of selectionListeners) f(); };
    chrome.devtools = {
      inspectedWindow: {
        tabId: inspectedTabId,
        eval(expression, options, callback) {
          globalThis.pithTestEval(expression, !!(options && options.useContentScriptContext))
            .then((r) => callback && callback(r.value, r.exception));
        },
      },
      panels: { elements: { onSelectionChanged: { addListener: (f) => selectionListeners.push(f) } } },
    };
  }, tabId);
  await panel.goto(`chrome-extension://${browser.extensionId}/devtools/panel.html`);
  await panel.waitForSelector('body[data-state=ready]', { timeout: 20000 });

  const selectElement = async (selector) => {
    const { root } = await cdp.send('DOM.getDocument', { depth: 0 });
    const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector });
    await cdp.send('DOM.setInspectedNode', { nodeId });
    await panel.evaluate(() => globalThis.pithTestSelectionChanged());
  };
  return { page, panel, tabId, cdp, inspected, selectElement };
}

/** The core's own extraction of the tab, through the background. */
function coreExtraction(tabId, params) {
  return browser.worker.evaluate(async ([id, p]) => {
    const r = await globalThis.pith.extractTab(id, { scores: true, params: p });
    if (!r.ok) throw new Error(r.error);
    return r.extraction;
  }, [tabId, params]);
}

/** Runs `func(args)` in Pith's content-script world of the tab. */
function inContentWorld(tabId, func, args = []) {
  return browser.worker.evaluate(async ([id, src, a]) => {
    const [r] = await chrome.scripting.executeScript({
      target: { tabId: id, frameIds: [0] },
      args: [src, a],
      // (A function cannot cross into the worker: its source does, and the
      // content script's world runs it through the one indirection it allows.)
      func: (s, x) => {
        const see = globalThis[Symbol.for('pith.see')];
        const content = globalThis[Symbol.for('pith.content')];
        const rect = (n) => {
          const e = n.nodeType === 1 ? n : n.parentElement;
          const b = e.getBoundingClientRect();
          return { left: b.left, top: b.top, right: b.right, bottom: b.bottom };
        };
        if (s === 'snapshot') return see.snapshot();
        if (s === 'node') {
          const n = content.node(x[0]);
          return { tag: n.nodeType === 1 ? n.localName : '#text', text: n.textContent, rect: rect(n) };
        }
        if (s === 'idOf') return see.idOfNode(document.querySelector(x[0]));
        return null;
      },
    });
    return r.result;
  }, [tabId, func, args]);
}

const fmt = (v) => (v == null ? '' : Number.isInteger(v) ? String(v) : String(Math.round(v * 1000) / 1000));

/** The panel's table: header keys and, per shown row, its node and cells. */
function panelTable(panel) {
  return panel.evaluate(() => ({
    keys: [...document.querySelectorAll('#head th')].map((th) => th.dataset.key),
    rows: [...document.querySelectorAll('#rows tr')].map((tr) => ({
      node: Number(tr.dataset.node),
      cells: [...tr.children].map((td) => td.textContent),
      cls: tr.className,
    })),
  }));
}

async function waitForReads(panel, n) {
  await panel.waitForFunction((k) => Number(document.body.dataset.reads) >= k, n, { timeout: 20000 });
}

test('the table is the core\'s score table: every column, every node, the decision and its reason', async () => {
  const { page, panel, tabId } = await openPanel('/samples/article.html');
  const core = await coreExtraction(tabId);
  const table = await panelTable(panel);
  assert.deepEqual(table.keys, ['#node', '#path', ...core.scores.columns.map((c) => c.key), '#decision', '#reason']);
  assert.equal(table.rows.length, core.scores.rows.length, 'one row per scored node');
  for (const [i, row] of core.scores.rows.entries()) {
    const shown = table.rows[i];
    assert.equal(shown.node, row.node);
    assert.deepEqual(shown.cells.slice(2, 2 + row.values.length), row.values.map(fmt), `row of node ${row.node}`);
    assert.equal(shown.cells.at(-1), row.reason || '');
    assert.equal(shown.cells.at(-2), row.content ? 'content' : row.reason ? 'rejected' : '');
  }
  // The page: its type and confidence, the content area, each stage's time.
  const summary = await panel.locator('#summary').innerText();
  assert.ok(summary.includes(`${core.pageType.kind} (${Math.round(core.pageType.confidence * 100)}%)`), summary);
  assert.match(await panel.locator('#content-area').innerText(), new RegExp(`#${core.root}\\b`));
  const timing = await panel.locator('#timing').innerText();
  for (const stage of ['initMs', 'walkMs', 'scoreMs', 'extractMs', 'totalMs']) assert.match(timing, new RegExp(stage));
  // The parameters: as the core describes them.
  const params = await panel.locator('#params .param').evaluateAll((ps) => ps.map((p) => p.dataset.key));
  assert.deepEqual(params, ['punctuation.epsilon', 'punctuation.theta', 'vsse.t1', 'vsse.t2', 'decision.threshold', 'decision.floor']);
  // Sorting by the decision's score, descending; filtering by reason.
  await panel.locator('#head th[data-key="decision.score"]').click();
  const scoreIx = table.keys.indexOf('decision.score');
  const sorted = (await panelTable(panel)).rows.map((r) => r.cells[scoreIx]).filter((c) => c !== '').map(Number);
  assert.ok(sorted.length > 10 && sorted.every((v, i) => i === 0 || v <= sorted[i - 1]), 'sorted by score, descending');
  await panel.locator('#filter').fill('not content');
  const filtered = await panelTable(panel);
  assert.ok(filtered.rows.length > 0 && filtered.rows.every((r) => r.cells.at(-1).startsWith('not content')));
  await panel.locator('#filter').fill('');
  await panel.screenshot({ path: join(SCREENSHOTS, 'devtools-panel.png') });
  await panel.close();
  await page.close();
});

test('selecting a row outlines its element; selecting an element selects its row, or says why it has none', async () => {
  const { page, panel, tabId, inspected, selectElement } = await openPanel('/samples/article.html');
  const core = await coreExtraction(tabId);
  // Row → page: the first kept paragraph.
  const para = core.scores.rows.find((r) => r.tag === 'p' && r.content);
  await panel.locator(`#rows tr[data-node="${para.node}"]`).click();
  let snap;
  for (let i = 0; i < 50; i++) {
    snap = await inContentWorld(tabId, 'snapshot');
    if (snap.selected === para.node && snap.boxes.some((b) => b.kind === 'selected' && b.rect)) break;
    await new Promise((ok) => setTimeout(ok, 100));
  }
  assert.equal(snap.selected, para.node);
  assert.equal(snap.on, false, 'the selection alone does not switch the overlay on');
  const box = snap.boxes.find((b) => b.kind === 'selected');
  const el = await inContentWorld(tabId, 'node', [para.node]);
  assert.equal(el.tag, 'p');
  for (const k of ['left', 'top', 'right', 'bottom']) assert.ok(Math.abs(box.rect[k] - el.rect[k]) < 1.5, `selected box ${k}`);
  const pageRect = await page.evaluate((text) => {
    const p = [...document.querySelectorAll('p')].find((e) => e.textContent === text);
    const b = p.getBoundingClientRect();
    return { left: b.left, top: b.top };
  }, el.text);
  assert.ok(Math.abs(pageRect.top - box.rect.top) < 1.5, 'the outlined element is the row\'s paragraph on the page');
  await page.screenshot({ path: join(SCREENSHOTS, 'devtools-selection-on-page.png') });

  // "Reveal in Elements": inspect() of the row's element.
  await panel.locator('#reveal').click();
  for (let i = 0; i < 50 && !inspected.length; i++) await new Promise((ok) => setTimeout(ok, 100));
  assert.equal(inspected.length, 1, 'inspect() was called');
  assert.match(inspected[0].object.description, /^p\b/);

  // Elements → row.
  await selectElement('h1');
  const h1 = core.scores.rows.find((r) => r.tag === 'h1');
  await panel.waitForSelector(`#rows tr.selected[data-node="${h1.node}"]`);
  assert.match(await panel.locator('#selection').innerText(), /<h1>/);
  // An element that was not scored: the panel says why.
  await selectElement('head > title');
  await panel.waitForFunction(() => /not scored/.test(document.querySelector('#selection').textContent));
  assert.match(await panel.locator('#selection').innerText(), /<title> holds no readable content/);
  assert.equal(await panel.locator('#rows tr.selected').count(), 0);
  await panel.close();
  await page.close();
});

test('a parameter changed in the panel re-reads the page and flips a decision; reset restores it', async () => {
  const { page, panel, tabId } = await openPanel('/fixtures/see/flip.html');
  const promo = await inContentWorld(tabId, 'idOf', ['#promo']);
  assert.equal(typeof promo.node, 'number', JSON.stringify(promo));
  const core = await coreExtraction(tabId);
  const scoreCol = core.scores.columns.findIndex((c) => c.key === 'decision.score');
  // The promo line is a leaf (its text node, the paragraph's one child).
  const leaf = core.scores.rows.find((r) => r.parent === promo.node && r.values[scoreCol] != null)
    ?? core.scores.rows.find((r) => r.node === promo.node);
  const p = leaf.values[scoreCol];
  assert.equal(leaf.content, false, `the promo is not content by default (score ${p})`);
  assert.ok(p > 0, `the promo has some probability (${p})`);
  const row = () => panel.locator(`#rows tr[data-node="${leaf.node}"]`);
  assert.equal(await row().locator('td.decision').innerText(), 'rejected');

  // The decision's threshold below the promo's probability: it is content.
  const reads = Number(await panel.evaluate(() => document.body.dataset.reads));
  const threshold = Math.max(0, Math.floor((p - 0.005) * 100) / 100);
  const input = panel.locator('.param[data-key="decision.threshold"] input[type=number]');
  await input.fill(String(threshold));
  await input.dispatchEvent('change');
  await waitForReads(panel, reads + 1);
  assert.equal(await row().locator('td.decision').innerText(), 'content');
  const tuned = await coreExtraction(tabId, { 'decision.threshold': threshold });
  assert.equal(tuned.scores.rows.find((r) => r.node === leaf.node).content, true, 'the core agrees');
  assert.match(await row().locator('td.reason').innerText(), new RegExp(`cut ${Math.round(threshold * 100)}%`));

  // The overlay, switched on, follows the tuning.
  await panel.locator('#overlay').check();
  let snap;
  for (let i = 0; i < 50; i++) {
    snap = await inContentWorld(tabId, 'snapshot');
    if (snap.on && snap.boxes.length) break;
    await new Promise((ok) => setTimeout(ok, 100));
  }
  const outlined = (s) => s.boxes.some((b) => b.kind === 'content' && b.nodes.some((n) => n === leaf.node || n === promo.node));
  assert.ok(outlined(snap), 'the promo is outlined as content');

  await panel.locator('#reset').click();
  await waitForReads(panel, reads + 2);
  assert.equal(await row().locator('td.decision').innerText(), 'rejected');
  const spec = await browser.worker.evaluate(() => wasm_bindgen.parameters().find((x) => x.key === 'decision.threshold'));
  assert.equal(await input.inputValue(), String(spec.default), 'reset shows the default');
  snap = await inContentWorld(tabId, 'snapshot');
  assert.ok(!outlined(snap), 'the overlay follows the reset');
  await panel.locator('#overlay').uncheck();
  await panel.close();
  await page.close();
});

test('export: JSON and CSV hold the table', async () => {
  const { page, panel, tabId } = await openPanel('/samples/article.html');
  const core = await coreExtraction(tabId);
  const keys = core.scores.columns.map((c) => c.key);

  const [jsonDownload] = await Promise.all([panel.waitForEvent('download'), panel.locator('#export-json').click()]);
  const json = JSON.parse(await readFile(await jsonDownload.path(), 'utf8'));
  assert.match(jsonDownload.suggestedFilename(), /^pith-scores-127\.0\.0\.1\.json$/);
  assert.deepEqual(json.columns.map((c) => c.key), keys);
  assert.equal(json.rows.length, core.scores.rows.length);
  assert.deepEqual(json.pageType, core.pageType);
  for (const [i, r] of core.scores.rows.entries()) {
    assert.equal(json.rows[i].node, r.node);
    assert.deepEqual(keys.map((k) => json.rows[i].values[k]), r.values);
    assert.equal(json.rows[i].content, r.content);
  }

  const [csvDownload] = await Promise.all([panel.waitForEvent('download'), panel.locator('#export-csv').click()]);
  const lines = (await readFile(await csvDownload.path(), 'utf8')).trimEnd().split('\r\n');
  assert.equal(lines[0], ['node', 'parent', 'path', 'tag', ...keys, 'content', 'reason'].join(','));
  assert.equal(lines.length, core.scores.rows.length + 1);
  // Reasons hold commas and quotes-free text: a row's first cells and values.
  const first = core.scores.rows.find((r) => r.content);
  const line = lines.find((l) => l.startsWith(`${first.node},`));
  assert.ok(line.includes(`,${first.values.map((v) => (v == null ? '' : String(v))).join(',')},true,`), line);
  await panel.close();
  await page.close();
});

test('on a strict-CSP page the panel works through the JS walker', async () => {
  const { page, panel, tabId, selectElement } = await openPanel('/samples/article.html?csp=strict');
  assert.match(await panel.locator('#status').innerText(), /js-walker path/);
  const core = await coreExtraction(tabId);
  const table = await panelTable(panel);
  assert.equal(table.rows.length, core.scores.rows.length);
  await selectElement('h1');
  const h1 = core.scores.rows.find((r) => r.tag === 'h1');
  await panel.waitForSelector(`#rows tr.selected[data-node="${h1.node}"]`);
  // Tuning works on this path too (the facts are scored again in the background with the parameters).
  const contentRows = async () => (await panelTable(panel)).rows.filter((r) => r.cls.includes('content')).length;
  const before = await contentRows();
  const reads = Number(await panel.evaluate(() => document.body.dataset.reads));
  const input = panel.locator('.param[data-key="decision.threshold"] input[type=number]');
  await input.fill('0');
  await input.dispatchEvent('change');
  await waitForReads(panel, reads + 1);
  assert.match(await panel.locator('#status').innerText(), /js-walker path/);
  const after = await contentRows();
  assert.ok(after > before, `more content at threshold 0 (${before} → ${after})`);
  const tuned = await coreExtraction(tabId, { 'decision.threshold': 0 });
  assert.equal(tuned.scores.rows.filter((r) => r.content).length, after, 'as the core says');
  await panel.close();
  await page.close();
});
