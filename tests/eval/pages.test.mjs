// How the harness serves data-set pages (tests/eval/pages.mjs): at their
// ground-truth address where they have one, answered from the saved file.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, writeFile, mkdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { CHROMIUM, chromiumArgs } from '../e2e/lib.mjs';
import { pageAddress, servePages, isolatePage, hashNames } from './pages.mjs';

test('a page address is its http(s) URL without the fragment', () => {
  assert.equal(pageAddress('https://docs.example.test/guide/start?x=1#intro'), 'https://docs.example.test/guide/start?x=1');
  assert.equal(pageAddress('https://example.test'), 'https://example.test/', 'a bare origin gets the root path');
  assert.equal(pageAddress(' http://fakehost/test/page.html '), 'http://fakehost/test/page.html');
  assert.equal(pageAddress('ftp://example.test/file'), null);
  assert.equal(pageAddress('not a url'), null);
  assert.equal(pageAddress(undefined), null);
});

test('hashed names: every class and id name and its selectors, but screen-reader classes and colours', () => {
  const out = hashNames('<div class="post-body main" id=lead><span class=\'sr-only\'>Skip</span>'
    + '<style>.post-body { color: #fff } #lead .main { color: #abc }</style><p class="post-body">Text</p></div>');
  const names = [...out.matchAll(/(?:class|id)="([^"]*)"/g)].map((m) => m[1]);
  assert.equal(names.length, 4);
  const [body, main] = names[0].split(' ');
  assert.match(body, /^css-[0-9a-f]+$/);
  assert.match(main, /^css-[0-9a-f]+$/);
  assert.notEqual(body, main);
  assert.match(names[1], /^css-[0-9a-f]+$/, 'an id is hashed too');
  assert.equal(names[2], 'sr-only', 'a screen-reader class keeps its name');
  assert.equal(names[3], body, 'one name, one hash');
  assert.ok(out.includes(`.${body} { color: #fff }`), 'selectors follow, colours stay');
  assert.ok(out.includes(`#${names[1]} .${main} { color: #abc }`));
  assert.ok(!/post-body|lead|main/.test(out.replace(/<[^>]*>Text|Skip/g, '')), 'no name is left');
});

test('pages load at their own address, or at 127.0.0.1 without one', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'pith-pages-'));
  await mkdir(join(dir, 'pages'));
  await writeFile(join(dir, 'pages', 'a.html'), '<!doctype html><title>A</title><p>First page</p>');
  await writeFile(join(dir, 'pages', 'b.html.gz'), gzipSync('<!doctype html><title>B</title><p>Second page</p>'));
  await writeFile(join(dir, 'pages', 'c.html'), '<!doctype html><title>C</title><p>Third page</p>');
  const truth = {
    a: { url: 'https://docs.example.test/guide/start#intro' },
    b: { url: 'https://docs.example.test/guide/start' },
    c: {},
  };
  const server = await servePages(join(dir, 'pages'), truth);
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: chromiumArgs(), headless: true });
  try {
    const context = await browser.newContext();
    const page = await context.newPage();
    await isolatePage(context, page, server);
    const read = async () => page.evaluate(() => [location.href, document.body.textContent.trim()]);

    let response = await page.goto(server.urlOf('a'));
    assert.equal(response.status(), 200);
    assert.deepEqual(await read(), ['https://docs.example.test/guide/start', 'First page']);
    assert.match(response.headers()['content-security-policy'], /script-src/, 'page scripts stay blocked');

    // The same address for another page (the readability set's pages share
    // one): the page asked for last is served.
    response = await page.goto(server.urlOf('b'));
    assert.deepEqual(await read(), ['https://docs.example.test/guide/start', 'Second page']);

    await page.goto(server.urlOf('c'));
    const [href, text] = await read();
    assert.ok(href.startsWith(`${server.origin}/pages/`), href);
    assert.equal(text, 'Third page');

    // An address no page was asked for at never loads.
    await assert.rejects(page.goto('https://elsewhere.example.test/'));
  } finally {
    await browser.close();
    await server.close();
    await rm(dir, { recursive: true, force: true });
  }
});
