// The reader view on sample pages written for it (issue 7, "Acceptance"),
// through the whole path in the real extension: a page served from
// 127.0.0.1, a toolbar click, the core's extraction, the reader's DOM.
//  - block-types.html: every block and inline kind of the article format
//    (extension/messages.js), on the wasm path and on the JS-walker path
//    (a page whose CSP blocks WebAssembly), which must give the same reader;
//  - rtl-article.html: an Arabic article (lang and dir reach the reader);
//  - no-article.html: a sign-in page (a message, and the best candidate on request);
//  - collection.html: a shop's category page, no running text (its items
//    shown at once, under a line naming the page's kind; not its "Show
//    more" button or "Back to top" link);
//  - product.html: a product page whose specifications table the article
//    keeps (shown once: not listed again as the product's records);
//  - name-card.html: an article whose author card sets the name and the
//    desk on lines of their own by CSS, under a date printed above the
//    headline (the byline is the name alone; the date is the day's);
//  - forum.html: a thread whose replies open with their author and date
//    (each post's header, set apart over its text, under a rule; the
//    first post's author as the thread's byline).
//  - forum-headings.html: a thread in XenForo's shape (a letter avatar, the
//    name as a heading, the date in a list): the same header, no heading,
//    no list, no avatar letter.
//  - forum-panes.html: a thread in Invision Community's shape (an author
//    pane of nested lists, the phone layout's name and date shown too):
//    the same header, each line once (the edited post's date as the line
//    that says "(edited)"), no heading, no list, no edit note under a post.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { readFile } from 'node:fs/promises';
import { ROOT, DIST, serveStatic, launchWithExtension, readWithPith, storedArticle } from './lib.mjs';

const FIXTURES = join(ROOT, 'tests', 'fixtures', 'reader');
/** How long the reader has to set data-state once readWithPith returned (rendering is synchronous; this is slack). */
const STATE_TIMEOUT_MS = 5000;

let server;
let browser;
let origin;

before(async () => {
  server = await serveStatic({ '/reader/': `${FIXTURES}/`, '/img/': `${join(FIXTURES, 'img')}/` });
  origin = new URL(server.url('/')).origin;
  browser = await launchWithExtension(join(DIST, 'chrome'));
});

after(async () => {
  await browser?.close();
  await server?.close();
});

/**
 * Reads `path` with Pith and waits until the reader has loaded its images.
 * @returns {Promise<{page, reader, state: string|null}>}  state: main#reader's data-state
 */
async function read(path) {
  const { page, reader } = await readWithPith(browser, server.url(path));
  await reader.waitForLoadState('load');
  const state = await reader.waitForSelector('main#reader[data-state]', { timeout: STATE_TIMEOUT_MS })
    .then((e) => e.getAttribute('data-state'), () => null);
  // The reader loads images lazily: bring each into view until it is loaded.
  for (const img of await reader.locator('main img').all()) {
    await img.scrollIntoViewIfNeeded();
    await img.evaluate((i) => i.complete || new Promise((ok) => { i.onload = ok; i.onerror = ok; }));
  }
  return { page, reader, state };
}

/** Each path's read of the block-types sample, made once and shared by the tests below. */
const samples = new Map();
const blockTypes = (csp = '') => {
  if (!samples.has(csp)) samples.set(csp, read(`/reader/block-types.html${csp}`));
  return samples.get(csp);
};

/** Text of `locator`'s elements, whitespace collapsed. */
async function texts(locator) {
  return (await locator.allInnerTexts()).map((t) => t.replace(/\s+/g, ' ').trim());
}

test('block types: the reader is ready and shows the headings as h2 and h3', async () => {
  const { reader, state } = await blockTypes();
  const article = reader.locator('article');
  // og:title, escaped twice as some CMSs write it, carries the site's
  // name; the reader's title is the headline, without it.
  assert.equal(await reader.locator('h1').innerText(), 'How a Tide Mill Works');
  assert.equal(await reader.title(), 'How a Tide Mill Works');
  assert.deepEqual(await texts(article.locator('h2')), ['The parts of the mill', 'Terms']);
  assert.deepEqual(await texts(article.locator('h3')), ['The wheel and the stones']);
  assert.equal(state, 'ready', 'main#reader data-state');
});

test('block types: links are absolute; emphasis, strong, code, sub, sup and line breaks are kept', async () => {
  const { reader } = await blockTypes();
  const article = reader.locator('article');
  const links = await article.locator('a[href]').evaluateAll((as) => as.map((a) => [a.textContent.trim(), a.getAttribute('href')]));
  assert.deepEqual(links.find(([t]) => t === 'Eling mill page'), ['Eling mill page', `${origin}/mills/eling`], 'a relative link made absolute');
  assert.deepEqual(links.find(([t]) => t === 'national survey of tide mills'),
    ['national survey of tide mills', 'https://example.org/tide-mills/survey']);
  assert.deepEqual(await texts(article.locator('em')), ['inwards']);
  assert.deepEqual(await texts(article.locator('strong')), ['always full']);
  assert.ok((await texts(article.locator('p code'))).includes('h_pond'), 'inline code');
  assert.deepEqual(await texts(article.locator('sup')), ['3']);
  assert.deepEqual(await texts(article.locator('sub')), ['0']);
  const p = article.locator('p', { hasText: 'A good pond gives a head of two metres.' });
  assert.equal(await p.count(), 1, 'the paragraph with line breaks is one paragraph');
  assert.equal(await p.locator('br').count(), 2, 'its two line breaks');
  assert.match(await p.innerText(), /above the tail race\.\nA good pond gives a head of two metres\.\nA poor one gives less than one\./);
});

test('block types: nested lists keep their start, a quote keeps its two paragraphs', async () => {
  const { reader } = await blockTypes();
  const article = reader.locator('article');
  const ol = article.locator('ol');
  assert.equal(await ol.count(), 1, 'one ordered list');
  assert.equal(await ol.getAttribute('start'), '3');
  const items = ol.locator(':scope > li');
  assert.equal(await items.count(), 3);
  assert.match(await items.nth(0).innerText(), /^The sluice gates, which let the tide into the pond\.$/);
  const nested = items.nth(1).locator(':scope > ul > li');
  assert.deepEqual(await texts(nested), ['The dam, usually of earth faced with stone.', 'The spillway, for storm tides.']);
  assert.match(await items.nth(2).innerText(), /^The wheel pit/);
  const quote = article.locator('blockquote');
  assert.equal(await quote.count(), 1);
  assert.deepEqual(await texts(quote.locator('p')), [
    'The tide is the most reliable servant a miller ever had: it comes twice a day and never asks for wages.',
    'But it keeps its own hours, and the miller must keep them too.',
  ]);
});

test('block types: code keeps its indentation and language', async () => {
  const { reader } = await blockTypes();
  const code = reader.locator('article pre code');
  assert.equal(await code.count(), 1);
  assert.equal(await code.textContent(), [
    'fn usable_head(pond: f64, tail: f64) -> f64 {',
    '    if pond > tail {',
    '        pond - tail',
    '    } else {',
    '        0.0',
    '    }',
    '}',
  ].join('\n'));
  // The format gives the language as a hint (code.lang); the reader shows it
  // on the pre or code element (a class such as language-rust, or a data attribute).
  const attrs = await reader.locator('article pre').evaluate((pre) => [pre, pre.querySelector('code')]
    .flatMap((e) => [...e.attributes].map((a) => a.value)));
  assert.ok(attrs.some((v) => /\brust\b/.test(v)), `the language is named: ${JSON.stringify(attrs)}`);
});

test('block types: the table has its caption, header cells and spans', async () => {
  const { reader } = await blockTypes();
  const table = reader.locator('article table');
  assert.equal(await table.count(), 1);
  assert.equal((await table.locator('caption').innerText()).trim(), 'Grinding at Woodbridge, one spring tide');
  const th = await texts(table.locator('th'));
  for (const t of ['Tide', 'Head (m)', 'Flour (kg)', 'start', 'end']) assert.ok(th.includes(t), `th ${t}: ${JSON.stringify(th)}`);
  assert.equal(await table.locator('th[colspan="2"]').innerText(), 'Head (m)');
  assert.equal(await table.locator('td[rowspan="2"]').innerText(), 'Morning');
  assert.equal(await table.locator('tr').count(), 5, 'two header rows and three body rows');
  assert.deepEqual(await texts(table.locator('tr').nth(3).locator('td')), ['1.9', '0.5', '280'], 'the row under the spanning cell');
});

test('block types: figures show the lazy image\'s real URL and the best srcset candidate, with captions (a WordPress caption box\'s too)', async () => {
  const { reader } = await blockTypes();
  const figures = reader.locator('article figure');
  assert.equal(await figures.count(), 3);
  const shown = await figures.evaluateAll((fs) => fs.map((f) => {
    const img = f.querySelector('img');
    return {
      src: img && img.getAttribute('src'),
      alt: img && img.alt,
      width: img && img.naturalWidth,
      caption: (f.querySelector('figcaption')?.textContent || '').replace(/\s+/g, ' ').trim(),
    };
  }));
  assert.deepEqual(shown, [
    { src: `${origin}/img/wheel-lazy.png`, alt: 'The wheel pit at low water', width: 600, caption: 'The wheel pit at low water, with the wheel at rest.' },
    { src: `${origin}/img/pond-large.png`, alt: 'The mill pond at high tide', width: 1200, caption: 'The mill pond at high tide, seen from the dam.' },
    { src: `${origin}/img/sluice.png`, alt: 'The sluice gate', width: 800, caption: 'The sluice gate, opened as the tide turns.' },
  ]);
});

test('block types: the rule and the definition list', async () => {
  const { reader } = await blockTypes();
  const article = reader.locator('article');
  assert.equal(await article.locator('hr').count(), 1);
  const dl = article.locator('dl');
  assert.equal(await dl.count(), 1);
  const entries = await dl.evaluate((d) => [...d.children].map((c) => [c.localName, c.textContent.replace(/\s+/g, ' ').trim()]));
  assert.deepEqual(entries, [
    ['dt', 'Head'], ['dd', 'The height of the pond\'s water above the water below the wheel.'],
    ['dt', 'Tail race'], ['dd', 'The channel that carries water away from the wheel.'], ['dd', 'Also called the tail water in older books.'],
  ]);
});

/**
 * The article's element tree as data: tag, attributes (sorted; node-id
 * attributes left out, they name page nodes) and text, whitespace collapsed.
 */
async function articleTree(reader) {
  return reader.locator('article').evaluate((root) => {
    const walk = (n) => {
      if (n.nodeType === Node.TEXT_NODE) {
        const t = n.data.replace(/\s+/g, ' ');
        return t.trim() ? t : null;
      }
      if (n.nodeType !== Node.ELEMENT_NODE) return null;
      // (The source page's own address differs between the two runs by its
      // `?csp=strict` query: left out.)
      const attrs = [...n.attributes].filter((a) => !/^data-node/.test(a.name))
        .map((a) => `${a.name}=${a.value.replace('?csp=strict', '')}`).sort();
      return [n.localName, attrs, [...n.childNodes].map(walk).filter((c) => c !== null)];
    };
    return walk(root);
  });
}

test('block types: the JS-walker path (strict CSP) gives the same reader as the wasm path', async () => {
  const wasm = await blockTypes();
  const strict = await blockTypes('?csp=strict');
  assert.match(await strict.reader.locator('#about').innerText(), /JS walker/i, 'the strict page was read by the JS walker');
  assert.equal(strict.state, wasm.state, 'data-state');
  const [a, b] = [await articleTree(wasm.reader), await articleTree(strict.reader)];
  assert.ok(JSON.stringify(a).includes('A tide mill grinds grain'), 'the article is shown');
  assert.deepEqual(b, a);
});

test('the RTL sample reads right to left, in Arabic', async () => {
  const { page, reader, state } = await read('/reader/rtl-article.html');
  const article = reader.locator('article');
  assert.match(await article.innerText(), /طاحونة المد آلة صبورة تطحن الحبوب بقوة البحر/);
  const { dir, lang } = await article.evaluate((a) => ({
    dir: a.closest('[dir]')?.getAttribute('dir'), lang: a.closest('[lang]')?.getAttribute('lang'),
  }));
  assert.equal(dir, 'rtl', 'the article\'s dir');
  assert.equal(lang, 'ar', 'the article\'s lang');
  assert.equal(await article.evaluate((a) => getComputedStyle(a).direction), 'rtl', 'laid out right to left');
  assert.equal(state, 'ready', 'main#reader data-state');
  await reader.close().catch(() => {});
  await page.close().catch(() => {});
});

test('a page with no article: a message, and the best candidate on request', async () => {
  const { page, reader, state } = await read('/reader/no-article.html');
  assert.equal(state, 'not-readerable', 'main#reader data-state');
  const main = reader.locator('main#reader');
  const message = (await main.innerText()).trim();
  assert.ok(message.length > 0, 'not a blank page');
  // The article's body: the header (title, site) is the page's metadata.
  const body = reader.locator('article .article-body');
  const articleText = async () => (await body.count()) ? (await body.first().innerText()).trim() : '';
  const shown = () => reader.locator('article .article-body > :not(.notice)').count();
  assert.equal(await shown(), 0, 'no article text before the user asks for it');
  assert.match(await articleText(), /look like an article/, 'the notice says why');
  const show = main.getByRole('button', { name: /show/i });
  assert.equal(await show.count(), 1, 'a button to show the best candidate');
  await show.click();
  await reader.waitForFunction(() => document.querySelector('main#reader')?.dataset.state === 'ready', null, { timeout: STATE_TIMEOUT_MS });
  assert.ok((await shown()) > 0, 'the best candidate is shown');
  await reader.close().catch(() => {});
  await page.close().catch(() => {});
});

test('a shop\'s category page: no running text, yet its items are shown at once, under the page\'s kind', async () => {
  const { page, reader, state } = await read('/reader/collection.html');
  assert.equal(state, 'ready', 'main#reader data-state');
  const { result } = await storedArticle(browser.worker, reader.url());
  const ex = result.extraction;
  assert.equal(ex.readerable, false, 'no paragraph of running text');
  assert.equal(ex.shows, 'content');
  assert.ok(['collection', 'listing'].includes(ex.pageType.kind), `page type ${ex.pageType.kind}`);
  const body = reader.locator('article .article-body');
  const note = body.locator('> .notice');
  assert.equal(await note.count(), 1, 'one line over the items');
  assert.equal((await note.innerText()).trim(),
    ex.pageType.kind === 'collection' ? 'A collection page: Pith shows its items.' : 'A listing: Pith shows its entries.');
  assert.equal(await reader.getByRole('button', { name: /show what pith found/i }).count(), 0, 'nothing to ask for');
  const text = await body.innerText();
  for (const item of ['Walnut arm lamp', 'Granary pendant', 'Flour sack floor lamp', '€120.00']) {
    assert.ok(text.includes(item), `the item ${item}`);
  }
  assert.ok(!/Cart \(0\)|Privacy/.test(text), 'not the shop\'s menu or footer');
  assert.ok(!/Show more|Back to top/.test(text), 'not the page\'s own controls ("Show more" under the grid, "↑ Back to top")');
  assert.equal(await reader.locator('#export').isVisible(), true, 'the items can be exported');
  await reader.close().catch(() => {});
  await page.close().catch(() => {});
});

test('a product page: its specifications table is shown once, not listed again as records', async () => {
  const { page, reader, state } = await read('/reader/product.html');
  assert.equal(state, 'ready', 'main#reader data-state');
  const { result } = await storedArticle(browser.worker, reader.url());
  const ex = result.extraction;
  assert.equal(ex.pageType.kind, 'product');
  // The core read the table as records, and marked them as in the article.
  assert.deepEqual(ex.records.map((r) => [r.name, r.value, r.inArticle]), [
    ['Height', '48 cm', true], ['Weight', '1.2 kg', true], ['Colour', 'Walnut and brass', true],
    ['Bulb', 'E27, up to 40 W', true], ['Cable length', '1.8 m', true], ['Material', 'Walnut, brass, linen', true],
    ['Size', '48 x 20 cm', true], ['Warranty', '2 years', true],
  ]);
  const body = reader.locator('article .article-body');
  assert.equal(await body.locator('table').count(), 1, 'the table, in the article');
  assert.deepEqual(await texts(body.locator('table th')),
    ['Height', 'Weight', 'Colour', 'Bulb', 'Cable length', 'Material', 'Size', 'Warranty']);
  assert.equal(await body.locator('section.records').count(), 0, 'no second copy as records');
  const text = await body.innerText();
  assert.equal(text.split('Walnut, brass, linen').length, 2, 'each value once');
  assert.ok(text.includes('A desk lamp of oiled walnut'), 'the description');
  // The Markdown export lists no records either.
  const [download] = await Promise.all([reader.waitForEvent('download'), reader.click('#save-md')]);
  const md = await readFile(await download.path(), 'utf8');
  assert.ok(md.includes('| Height | 48 cm |'), 'the table in the Markdown');
  assert.ok(!md.includes('**Height**'), 'no records in the Markdown');
  await reader.close().catch(() => {});
  await page.close().catch(() => {});
});

test('an article\'s name card and the date above its headline: the name alone, and the day', async () => {
  // The card's name and desk are spans that only the page's style sheet
  // sets on lines of their own: read as blocks, the name is the first
  // line. The date is printed above the headline, not under it.
  const { page, reader, state } = await read('/reader/name-card.html');
  assert.equal(state, 'ready', 'main#reader data-state');
  assert.equal(await reader.locator('h1').textContent(), 'How Tide Mills Turned the Sea into Flour');
  assert.equal(await reader.locator('.byline').textContent(), 'Ada Marin');
  const time = reader.locator('time.published');
  assert.equal(await time.getAttribute('datetime'), '2025-03-03T00:00:00.000Z');
  assert.equal(await time.textContent(), 'March 3, 2025');
  await reader.close().catch(() => {});
  await page.close().catch(() => {});
});

test('a forum thread: each post under a rule, its author and date set apart as its header', async () => {
  const { page, reader, state } = await read('/reader/forum.html');
  assert.equal(state, 'ready', 'main#reader data-state');
  const { result } = await storedArticle(browser.worker, reader.url());
  assert.equal(result.extraction.pageType.kind, 'forum');
  const body = reader.locator('article .article-body');
  assert.equal(await body.locator('> hr').count(), 3, 'a rule between each two of the four posts');
  // Each post's header: the member's name and rank, then the date, small
  // and muted over the post's text.
  assert.deepEqual(await texts(body.locator('p.post-header')), [
    'ada Apprentice', 'Oct 8, 2024',
    'maren Master millwright', 'Oct 8, 2024',
    'ada Apprentice', 'Yesterday at 9:14 PM',
    'tom Visitor', 'Today at 7:02 AM',
  ]);
  assert.equal(await body.locator('p.post-header a').first().getAttribute('href'), `${origin}/members/ada.412/`);
  // The page names no author: the thread's is its first post's.
  assert.deepEqual(await texts(reader.locator('.byline')), ['ada']);
  const [header, text] = await Promise.all([
    body.locator('p.post-header').first().evaluate((e) => parseFloat(getComputedStyle(e).fontSize)),
    body.locator('p:not(.post-header)').first().evaluate((e) => parseFloat(getComputedStyle(e).fontSize)),
  ]);
  assert.ok(header < text * 0.9, `the header is smaller than the text (${header} px against ${text})`);
  // A reply's first line that mentions a member is its text, not a header;
  // what follows each header is the post's own text.
  const mention = body.locator('p', { hasText: 'Hi @maren' });
  assert.equal(await mention.count(), 1);
  assert.equal(await mention.getAttribute('class'), null);
  const afterHeaders = await body.locator('p.post-header + p:not(.post-header)').allInnerTexts();
  assert.equal(afterHeaders.length, 4);
  assert.ok(afterHeaders[2].startsWith('Hi @maren'), afterHeaders[2]);
  const bodyText = await body.innerText();
  assert.ok(!/Reply\s*Quote|Similar threads|Privacy/.test(bodyText), 'no post actions, related threads or footer');
  // The Markdown export keeps the headers, in emphasis.
  const [download] = await Promise.all([reader.waitForEvent('download'), reader.click('#save-md')]);
  const md = await readFile(await download.path(), 'utf8');
  assert.ok(md.includes('*Oct 8, 2024*'), 'the date in emphasis');
  assert.ok(md.includes('*Yesterday at 9:14 PM*'), 'a relative date in emphasis');
  assert.ok(md.includes(`*[ada](${origin}/members/ada.412/)*\\\n*Apprentice*`), 'the author\'s link and rank, a line each');
  assert.ok(md.includes(`Hi [@maren](${origin}/members/maren.77/)`), 'a mention: the space before the link, not in it');
  await reader.close().catch(() => {});
  await page.close().catch(() => {});
});

test('a forum thread whose names are headings and dates lists: the same header', async () => {
  const { page, reader, state } = await read('/reader/forum-headings.html');
  assert.equal(state, 'ready', 'main#reader data-state');
  const { result } = await storedArticle(browser.worker, reader.url());
  assert.equal(result.extraction.pageType.kind, 'forum');
  const body = reader.locator('article .article-body');
  assert.equal(await body.locator('> hr').count(), 2, 'a rule between each two of the three posts');
  // The member's name (an <h4> on the page) and title over each post, the
  // date where the page's decision kept it: header lines, not a heading of
  // the thread nor a bulleted list; the letter avatar left out.
  const headers = await texts(body.locator('p.post-header'));
  for (const line of ['ada', 'Apprentice', 'ridwan123', 'Master millwright']) {
    assert.ok(headers.includes(line), `${line} is a header line: ${JSON.stringify(headers)}`);
  }
  assert.ok(!headers.some((h) => /^[AR]$/.test(h)), `no letter avatar: ${JSON.stringify(headers)}`);
  assert.equal(await body.locator('h1, h2, h3, h4, h5, h6').count(), 0, 'no heading in the thread');
  assert.equal(await body.locator('ul, ol').count(), 0, 'no list in the thread');
  assert.equal(await body.locator('p.post-header a').first().getAttribute('href'), `${origin}/members/ada.412/`);
  // Each post's text follows its header.
  const afterHeaders = await body.locator('p.post-header + p:not(.post-header)').allInnerTexts();
  assert.equal(afterHeaders.length, 3, JSON.stringify(afterHeaders));
  assert.ok(afterHeaders[1].startsWith('Water rising through the floor'), afterHeaders[1]);
  await reader.close().catch(() => {});
  await page.close().catch(() => {});
});

test('a forum thread whose authors are panes of nested lists: the same header, each line once', async () => {
  const { page, reader, state } = await read('/reader/forum-panes.html');
  assert.equal(state, 'ready', 'main#reader data-state');
  const { result } = await storedArticle(browser.worker, reader.url());
  assert.equal(result.extraction.pageType.kind, 'forum');
  const body = reader.locator('article .article-body');
  assert.equal(await body.locator('> hr').count(), 3, 'a rule between each two of the four posts');
  assert.equal(await body.locator('h1, h2, h3, h4, h5, h6').count(), 0, 'no heading in the thread');
  assert.equal(await body.locator('ul, ol').count(), 0, 'no list in the thread');
  // Each post's header, from the rule before it to its text: the name
  // (both copies on the page) and the date once each; the pane's lines
  // (group, post count, the day they joined) where the decision kept them.
  const posts = await body.evaluate((el) => {
    const out = [[]];
    for (const child of el.children) {
      if (child.tagName === 'HR') out.push([]);
      else if (child.classList.contains('post-header')) out.at(-1).push(child.textContent.trim());
    }
    return out;
  });
  assert.equal(posts.length, 4, JSON.stringify(posts));
  for (const [i, [name, date]] of [['ada', 'Posted August 26'], ['Chris W', 'Posted August 26'], ['pop', 'Posted August 27'], ['ada', 'Posted August 28 (edited)']].entries()) {
    const lines = posts[i];
    assert.equal(lines.filter((l) => l === name).length, 1, `post ${i + 1}: ${name} once: ${JSON.stringify(lines)}`);
    assert.equal(lines.filter((l) => l === date).length, 1, `post ${i + 1}: ${date} once: ${JSON.stringify(lines)}`);
    assert.equal(new Set(lines).size, lines.length, `post ${i + 1}: no line twice: ${JSON.stringify(lines)}`);
    // No line that another says with more ("Posted August 28" beside "Posted August 28 (edited)").
    const said = lines.filter((l) => lines.some((o) => o !== l && o.startsWith(`${l} `)));
    assert.deepEqual(said, [], `post ${i + 1}: ${JSON.stringify(lines)}`);
  }
  assert.ok(posts[1].includes('3.5k') && posts[1].includes('May 12, 2004'), `the second post's pane: ${JSON.stringify(posts[1])}`);
  const afterHeaders = await body.locator('p.post-header + p:not(.post-header)').allInnerTexts();
  assert.equal(afterHeaders.length, 4, JSON.stringify(afterHeaders));
  assert.ok(afterHeaders[2].startsWith('If weight is what matters most'), afterHeaders[2]);
  // The board's edit note under the last post is not the thread's text.
  const notes = (await body.locator('p').allInnerTexts()).filter((t) => /^edited\b/i.test(t.trim()));
  assert.deepEqual(notes, [], 'no edit note');
  await reader.close().catch(() => {});
  await page.close().catch(() => {});
});
