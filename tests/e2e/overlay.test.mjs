// The on-page overlay ("see the decision", content/overlay.js), in the real
// extension in Debian's Chromium: switched on by the action's context-menu
// item and the keyboard command (their handlers in the background), it
// outlines the content area and blocks, rejected candidates and records
// with their scores, follows scrolling and late content, shows a block's
// signals on hover, is out of the page's reach (closed shadow root, inline
// !important host styles), and Escape (or the same control) leaves the page
// exactly as it was: serialisation and computed layout compared.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { mkdir } from 'node:fs/promises';
import { ROOT, DIST, serveStatic, launchWithExtension, tabIdOf, grantSiteAccess, readWithPith } from './lib.mjs';

const SCREENSHOTS = join(ROOT, 'test-output', 'screenshots');

let server;
let browser;
let revoke;

before(async () => {
  server = await serveStatic({ '/samples/': join(ROOT, 'www', 'samples') + '/' });
  browser = await launchWithExtension(join(DIST, 'chrome'));
  // The context menu and the command grant activeTab; a test cannot open
  // either, so it gives the extension the site instead and calls their
  // handlers (the very functions the listeners call).
  revoke = await grantSiteAccess(browser, new URL(server.url('/')).origin);
  await mkdir(SCREENSHOTS, { recursive: true });
});

after(async () => {
  await revoke?.();
  await browser?.close();
  await server?.close();
});

/** The tab object (chrome.tabs) of `page`. */
async function tabOf(page) {
  const id = await tabIdOf(browser.worker, page.url());
  return browser.worker.evaluate((i) => chrome.tabs.get(i), id);
}

/** The overlay's own account of what it draws, read in the extension's world. */
async function overlayState(page) {
  const id = await tabIdOf(browser.worker, page.url());
  if (id === null) return null; // the tab does not show the page's URL yet: asked again
  return browser.worker.evaluate(async (tabId) => {
    try {
      const [r] = await chrome.scripting.executeScript({
        target: { tabId, frameIds: [0] },
        func: () => globalThis[Symbol.for('pith.see')]?.snapshot() ?? null,
      });
      return r.result;
    } catch {
      return null; // the tab is between documents: asked again until the caller's deadline
    }
  }, id);
}

/** The DOM node with id `id` of Pith's last extraction: its text and rectangle (extension's world). */
async function nodeInfo(page, id) {
  const tabId = await tabIdOf(browser.worker, page.url());
  return browser.worker.evaluate(async ([t, n]) => {
    const [r] = await chrome.scripting.executeScript({
      target: { tabId: t, frameIds: [0] },
      args: [n],
      func: (node) => {
        const el = globalThis[Symbol.for('pith.content')].node(node);
        const e = el.nodeType === 1 ? el : el.parentElement;
        const b = e.getBoundingClientRect();
        return { tag: e.localName, text: e.textContent, rect: { left: b.left, top: b.top, right: b.right, bottom: b.bottom } };
      },
    });
    return r.result;
  }, [tabId, id]);
}

/** Waits until `pred(state)` holds for the overlay's state; returns that state. */
async function waitForOverlay(page, pred, what, timeoutMs = 10000) {
  const deadline = Date.now() + timeoutMs;
  let s;
  while (Date.now() < deadline) {
    s = await overlayState(page);
    if (s && pred(s)) return s;
    await new Promise((ok) => setTimeout(ok, 100));
  }
  throw new Error(`overlay: ${what} (last state: ${JSON.stringify(s)?.slice(0, 400)})`);
}

/** The page's serialisation and the computed layout of sample elements. */
function pageSnapshot(page) {
  return page.evaluate(() => {
    const pick = ['h1', '#main-article p', '#site-nav', '#sidebar', '#site-footer', 'body'];
    const props = ['display', 'position', 'width', 'height', 'margin-top', 'padding-left', 'font-size', 'line-height', 'color', 'background-color'];
    const layout = pick.map((sel) => {
      const e = document.querySelector(sel);
      const r = e.getBoundingClientRect();
      const cs = getComputedStyle(e);
      return { sel, rect: [r.left, r.top, r.width, r.height], style: props.map((p) => cs.getPropertyValue(p)) };
    });
    return {
      html: document.documentElement.outerHTML,
      layout,
      scroll: [document.documentElement.scrollWidth, document.documentElement.scrollHeight],
    };
  });
}

const close = (a, b, tol = 1.5) => Math.abs(a - b) <= tol;
const sameRect = (a, b) => close(a.left, b.left) && close(a.top, b.top) && close(a.right, b.right) && close(a.bottom, b.bottom);

test('the context-menu item outlines the content, hover shows signals, Escape leaves the page as it was (wasm path)', async () => {
  const page = await browser.context.newPage();
  // Shorter than the page, so that it scrolls.
  await page.setViewportSize({ width: 1100, height: 420 });
  await page.goto(server.url('/samples/article.html'));
  const before = await pageSnapshot(page);

  const reply = await browser.worker.evaluate(async ([tab, id]) => globalThis.pith.onSeeMenu({ menuItemId: id }, tab),
    [await tabOf(page), await browser.worker.evaluate(() => globalThis.pith.OVERLAY_MENU_ID)]);
  assert.deepEqual(reply, { ok: true, on: true });
  const on = await waitForOverlay(page, (s) => s.on && s.attached && s.boxes.length > 0, 'switched on');

  // What it outlines: the content area, each block with its score, rejected candidates.
  const kinds = (k) => on.boxes.filter((b) => b.kind === k);
  assert.equal(kinds('area').length, 1, 'one content area');
  assert.ok(kinds('content').length >= 5, `content blocks outlined: ${kinds('content').length}`);
  assert.ok(kinds('rejected').length > 0, 'rejected candidates outlined');
  assert.ok(kinds('content').every((b) => /\d\.\d\d|\b1\b/.test(b.label)), 'every block labelled with its score');
  // A block's box is where its element is on the page.
  const para = kinds('content').find((b) => b.label.startsWith('paragraph') && b.rect);
  const info = await nodeInfo(page, para.nodes[0]);
  assert.ok(sameRect(para.rect, info.rect), `block box ${JSON.stringify(para.rect)} over its element ${JSON.stringify(info.rect)}`);
  const area = kinds('area')[0];
  const areaEl = await nodeInfo(page, area.nodes[0]);
  assert.match(areaEl.text, /A canal lock is a staircase for boats/);
  assert.ok(sameRect(area.rect, areaEl.rect), 'the area box is over the content area');

  // The page is not reflowed while it is on.
  const during = await pageSnapshot(page);
  assert.deepEqual(during.layout, before.layout, 'no element moved or changed style');
  assert.deepEqual(during.scroll, before.scroll);

  // Out of the page's reach: a closed shadow root; page rules cannot restyle the host.
  const host = await page.evaluate(() => {
    const h = document.documentElement.lastElementChild;
    const style = document.createElement('style');
    style.textContent = 'html > div { display: none !important; position: static !important; pointer-events: auto !important; }';
    document.head.append(style);
    const cs = getComputedStyle(h);
    const out = { shadow: h.shadowRoot, display: cs.display, position: cs.position, pointer: cs.pointerEvents, tag: h.localName };
    style.remove();
    return out;
  });
  assert.deepEqual(host, { shadow: null, display: 'block', position: 'fixed', pointer: 'none', tag: 'div' });

  await page.screenshot({ path: join(SCREENSHOTS, 'overlay-article.png') });

  // Hovering a block shows its signal breakdown.
  await page.mouse.move((para.rect.left + para.rect.right) / 2, (para.rect.top + para.rect.bottom) / 2);
  const hovered = await waitForOverlay(page, (s) => s.card !== null, 'hover card shown');
  assert.match(hovered.card, /content: model \d+% ≥ the page's cut/);
  assert.match(hovered.card, /punctuation/);
  assert.match(hovered.card, /decision/);
  await page.screenshot({ path: join(SCREENSHOTS, 'overlay-hover.png') });
  await page.mouse.move(1, 1);

  // It follows scrolling.
  await page.evaluate(() => window.scrollTo(0, 400));
  assert.equal(await page.evaluate(() => window.scrollY), 400);
  const scrolled = await waitForOverlay(page, (s) => {
    const b = s.boxes.find((x) => x.kind === 'content' && x.nodes[0] === para.nodes[0]);
    return b && b.rect && close(b.rect.top, para.rect.top - 400, 2);
  }, 'box moved with the scroll');
  assert.ok(scrolled.on);
  await page.evaluate(() => window.scrollTo(0, 0));
  await waitForOverlay(page, (s) => s.boxes.some((x) => x.kind === 'content' && x.nodes[0] === para.nodes[0] && close(x.rect.top, para.rect.top, 2)), 'box back after scrolling up');

  // It follows resizing (the page reflows by itself; the boxes follow it).
  await page.setViewportSize({ width: 760, height: 420 });
  const narrow = await nodeInfo(page, para.nodes[0]);
  assert.notEqual(narrow.rect.right, para.rect.right, 'the paragraph reflowed');
  await waitForOverlay(page, (s) => s.boxes.some((x) => x.kind === 'content' && x.nodes[0] === para.nodes[0] && x.rect && sameRect(x.rect, narrow.rect)), 'box follows the resize');
  await page.setViewportSize({ width: 1100, height: 420 });
  await waitForOverlay(page, (s) => s.boxes.some((x) => x.kind === 'content' && x.nodes[0] === para.nodes[0] && x.rect && sameRect(x.rect, para.rect)), 'box back after the resize');

  // Escape switches it off: the page is exactly as before.
  await page.keyboard.press('Escape');
  const off = await waitForOverlay(page, (s) => !s.on && !s.attached, 'switched off by Escape');
  assert.equal(off.boxes.length, 0);
  const after = await pageSnapshot(page);
  assert.equal(after.html, before.html, 'the serialisation is unchanged');
  assert.deepEqual(after.layout, before.layout);
  assert.deepEqual(after.scroll, before.scroll);
  await page.close();
});

test('the keyboard command switches it on and off on a strict-CSP page (JS walker), and it follows late content', async () => {
  const page = await browser.context.newPage();
  await page.goto(server.url('/samples/article.html?csp=strict'));
  const before = await pageSnapshot(page);
  const command = await browser.worker.evaluate(() => globalThis.pith.OVERLAY_COMMAND);
  const tab = await tabOf(page);
  await page.bringToFront();
  assert.deepEqual(await browser.worker.evaluate(([c, t]) => globalThis.pith.onSeeCommand(c, t), [command, tab]), { ok: true, on: true });
  const on = await waitForOverlay(page, (s) => s.on && s.boxes.some((b) => b.kind === 'content'), 'switched on');
  const blocks = on.boxes.filter((b) => b.kind === 'content').length;

  // Late content: a paragraph added to the article is read and outlined.
  await page.evaluate(() => {
    const p = document.createElement('p');
    p.id = 'late';
    p.textContent = 'Late paragraph: lock keepers logged every passage in a ledger, with the boat, its cargo, the hour and the water used, so that the canal company could bill the traders fairly and plan the summer\u2019s water.';
    document.querySelector('#main-article').append(p);
  });
  const late = await waitForOverlay(page, (s) => s.boxes.filter((b) => b.kind === 'content').length > blocks, 'late content outlined');
  const rect = await page.evaluate(() => {
    const b = document.querySelector('#late').getBoundingClientRect();
    return { left: b.left, top: b.top, right: b.right, bottom: b.bottom };
  });
  assert.ok(late.boxes.some((b) => b.kind === 'content' && b.rect && sameRect(b.rect, rect)), 'a block box over the late paragraph');
  await page.evaluate(() => document.querySelector('#late').remove());

  // The same command switches it off; the page is as it was.
  assert.deepEqual(await browser.worker.evaluate(([c, t]) => globalThis.pith.onSeeCommand(c, t), [command, tab]), { ok: true, on: false });
  const off = await overlayState(page);
  assert.equal(off.attached, false);
  const after = await pageSnapshot(page);
  assert.equal(after.html, before.html);
  assert.deepEqual(after.layout, before.layout);
  await page.close();
});

test('structured records are outlined in their own colour on a product page', async () => {
  const page = await browser.context.newPage();
  await page.goto(server.url('/samples/article.html'));
  // A product page: a specification table with attribute–value rows.
  await page.evaluate(() => {
    document.title = 'Lock gate winch, model W-200';
    const main = document.querySelector('#main-article');
    main.replaceChildren();
    const h = document.createElement('h1');
    h.textContent = 'Lock gate winch W-200: price £249, add to basket';
    main.append(h);
    const p = document.createElement('p');
    p.textContent = 'A galvanised steel winch for lock paddles. In stock. Free delivery. Add to basket. Price £249.00.';
    main.append(p);
    const table = document.createElement('table');
    for (const [k, v] of [['Weight', '4.2 kg'], ['Material', 'Galvanised steel'], ['Spindle', '1 1/4 inch square'], ['Handle length', '38 cm'], ['Warranty', '5 years'], ['Colour', 'Black'], ['Finish', 'Powder coated']]) {
      const tr = document.createElement('tr');
      const th = document.createElement('th');
      th.textContent = k;
      const td = document.createElement('td');
      td.textContent = v;
      tr.append(th, td);
      table.append(tr);
    }
    main.append(table);
  });
  await browser.worker.evaluate(async (t) => globalThis.pith.setOverlay(t, true), await tabOf(page));
  const s = await waitForOverlay(page, (x) => x.on && x.boxes.length > 0, 'switched on');
  // The records box appears where the core found a records area (product
  // pages); whichever it found, every records box lies over its nodes.
  const records = s.boxes.filter((x) => x.kind === 'records' && x.rect);
  assert.ok(records.length > 0, `records outlined: ${JSON.stringify(s.boxes.map((b) => b.kind))}`);
  for (const b of records) {
    const info = await nodeInfo(page, b.nodes[0]);
    assert.ok(info.rect.right > info.rect.left);
  }
  await browser.worker.evaluate(async (t) => globalThis.pith.setOverlay(t, false), await tabOf(page));
  await page.close();
});

test('the reader\'s "Show why on the page" returns to the page with the overlay on', async () => {
  const source = server.url('/samples/article.html');
  const { page, reader } = await readWithPith(browser, source);
  assert.equal(reader, page, 'the reader replaced the page in its tab');
  const button = reader.locator('#show-why');
  assert.equal(await button.isVisible(), true);
  // (The site's access was given in `before`: the request is granted without a prompt.)
  await button.click();
  const deadline = Date.now() + 10000;
  while (page.url() !== source && Date.now() < deadline) await new Promise((ok) => setTimeout(ok, 50));
  assert.equal(page.url(), source);
  const on = await waitForOverlay(page, (s) => s.on && s.boxes.some((b) => b.kind === 'content'), 'switched on after the return');
  assert.ok(on.boxes.some((b) => b.kind === 'area'));
  await page.keyboard.press('Escape');
  await waitForOverlay(page, (s) => !s.attached, 'switched off');
  await page.close();
});

test('the real keyboard shortcut (Alt+Shift+O) switches the overlay on and off', async () => {
  const commands = await browser.worker.evaluate(() => chrome.commands.getAll());
  const command = commands.find((c) => c.name === 'toggle-overlay');
  assert.equal(command.shortcut, 'Alt+Shift+O');
  const page = await browser.context.newPage();
  await page.goto(server.url('/samples/article.html'));
  const before = await pageSnapshot(page);
  /** The shortcut as a user presses it: key events through CDP reach the browser's shortcut handling. */
  const press = async () => {
    await page.bringToFront();
    await browser.worker.evaluate(async () => {
      for (;;) {
        const [tab] = await chrome.tabs.query({ active: true, lastFocusedWindow: true });
        if (tab && tab.status === 'complete') return;
        await new Promise((ok) => setTimeout(ok, 20));
      }
    });
    const session = await browser.context.newCDPSession(page);
    try {
      const key = { modifiers: 1 | 8 /* Alt, Shift */, key: 'O', code: 'KeyO', windowsVirtualKeyCode: 79, nativeVirtualKeyCode: 79 };
      await session.send('Input.dispatchKeyEvent', { type: 'rawKeyDown', ...key });
      await session.send('Input.dispatchKeyEvent', { type: 'keyUp', ...key });
    } finally {
      await session.detach();
    }
  };
  await press();
  await waitForOverlay(page, (s) => s.on && s.attached && s.boxes.some((b) => b.kind === 'content'), 'switched on by the shortcut');
  await page.screenshot({ path: join(SCREENSHOTS, 'overlay-article-full.png'), fullPage: true });
  await press();
  await waitForOverlay(page, (s) => !s.on && !s.attached, 'switched off by the shortcut');
  assert.equal((await pageSnapshot(page)).html, before.html);
  await page.close();
});
