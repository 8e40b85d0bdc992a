// Listen (issue 9), end to end in the real extension (Debian's Chromium):
// a sample article served from 127.0.0.1 is read with Pith (the core's
// sentence ranges come through the real pipeline), and the reader's Listen
// bar speaks through a fake engine. Headless Chromium lists no voices, so
// the fake stands in for speechSynthesis: it is put in the reader before
// its scripts run (addInitScript; engine.js reads __pithTestSpeechEngine),
// records every utterance (text, lang, voice, rate, pitch) and cancel, and
// the tests fire its boundary and end events. The no-voice case runs with
// the fake's voice list empty. A screenshot goes to test-output/screenshots/.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import vm from 'node:vm';
import { ROOT, DIST, serveStatic, launchWithExtension, readWithPith, storedArticle } from './lib.mjs';

const FIXTURES = join(ROOT, 'tests', 'fixtures', 'reader');
const SCREENSHOTS = join(ROOT, 'test-output', 'screenshots');

/** The fake's voices: two English (one British, the article's region), one French, one German. */
const VOICES = [
  { id: 'fake-de', name: 'Fake Anna', lang: 'de-DE', isDefault: true, local: true },
  { id: 'fake-fr', name: 'Fake Amélie', lang: 'fr-FR', isDefault: false, local: true },
  { id: 'fake-en-us', name: 'Fake Sam', lang: 'en-US', isDefault: false, local: true },
  { id: 'fake-en-gb', name: 'Fake Daniel', lang: 'en-GB', isDefault: false, local: true },
];

/** The fake engine (engine.js's interface), installed before the reader's scripts. */
function installFakeEngine(voices) {
  const log = { utterances: [], cancels: 0 };
  let current = null;
  let changed = null;
  globalThis.__fakeSpeech = {
    log,
    /** Ends the utterance being spoken (its onEnd). */
    end() { const c = current; current = null; if (c) c.on.onEnd(); return !!c; },
    /** A word boundary at charIndex (UTF-16 units of the utterance). */
    boundary(charIndex, charLength) { if (current) current.on.onBoundary({ name: 'word', charIndex, charLength }); },
    error(message) { const c = current; current = null; if (c) c.on.onError(message); },
    setVoices(list) { voices = list; if (changed) changed(); },
  };
  globalThis.__pithTestSpeechEngine = {
    available: true,
    voices: () => voices.slice(),
    onVoicesChanged(callback) { changed = callback; },
    speak(u, on) {
      log.utterances.push({ text: u.text, lang: u.lang, voiceId: u.voiceId, rate: u.rate, pitch: u.pitch });
      current = { u, on };
      on.onStart();
    },
    cancel() { log.cancels += 1; current = null; },
  };
}

let server;
let browser;

before(async () => {
  server = await serveStatic({ '/reader/': `${FIXTURES}/`, '/img/': `${join(FIXTURES, 'img')}/` });
  browser = await launchWithExtension(join(DIST, 'chrome'));
});

after(async () => {
  await browser?.close();
  await server?.close();
});

/** Reads the sample with Pith, the fake engine in the reader with `voices`; opens the Listen bar. */
async function openListen(voices = VOICES, { keepSettings = false, path = '/reader/listen-article.html' } = {}) {
  // Every test starts from the default settings, unless it checks they are kept.
  if (!keepSettings) await browser.worker.evaluate(() => chrome.storage.local.remove('pith-listen'));
  const page = await browser.context.newPage();
  await page.addInitScript(installFakeEngine, voices);
  const { reader } = await readWithPith(browser, server.url(path), { page });
  await reader.waitForSelector('main#reader[data-state="ready"]');
  await reader.click('#listen-toggle');
  await reader.waitForSelector('#listen-bar:not([hidden])');
  return reader;
}

const utterances = (reader) => reader.evaluate(() => __fakeSpeech.log.utterances);
const lastText = async (reader) => (await utterances(reader)).at(-1)?.text;
/** The text under the sentence highlight (CSS Custom Highlight API), or null. */
const highlighted = (reader, name = 'pith-listen-sentence') => reader.evaluate((n) => {
  const h = CSS.highlights.get(n);
  return h ? [...h].map((r) => r.toString()).join('|') : null;
}, name);
const endUtterance = (reader) => reader.evaluate(() => __fakeSpeech.end());

/** Everything the reader speaks from the start with default settings, in order. */
const READING_ORDER = [
  'Listening to the Harbour',
  'Dr. Mara Lind has recorded the harbour for ten years.',
  'She starts before dawn, when the gulls are still quiet.',
  'Her microphones hang under the old pier, e.g. near the crane.',
  'The tide rises 3.5 metres on a spring day.',
  'Boats from the U.S. Navy visit twice a year.',
  'Everyone hears them coming.',
  'What the water says',
  // The long sentence, in pieces (see below).
  'LONG',
  'Code block skipped.',
  'The pier at low tide.',
  'The microphones hang on the left.',
  'Three sounds matter most to her:',
  'the bell buoy at the harbour mouth;',
  'the ferry\'s horn at seven;',
  'the rattle of anchor chains.',
  'Why it matters',
  'A harbour that sounds different is a harbour that has changed.',
  'Lind keeps listening.',
  'Her archive is open to anyone who asks.',
];
const LONG = 'Waves on shingle sound nothing like waves on sand, because the stones roll against each other as the water drains back through them, and every stone gives its own small click, which together make the long hiss that people who grew up by the sea recognise at once, even with their eyes closed, even in a recording played far inland.';

test('reads the article in order: title, headings, sentences, a mark for code, captions; long sentences in pieces', async () => {
  const reader = await openListen();
  await reader.click('#listen-play');
  assert.equal(await reader.getAttribute('#listen-bar', 'data-state'), 'playing');
  for (let i = 0; i < 40 && (await endUtterance(reader)); i++) { /* through the article */ }
  const spoken = (await utterances(reader)).map((u) => u.text.trim());
  const longStart = spoken.indexOf(READING_ORDER[8 - 1]) + 1;
  const longEnd = spoken.indexOf('Code block skipped.');
  const pieces = spoken.slice(longStart, longEnd);
  assert.ok(pieces.length >= 2, `the long sentence is cut: ${JSON.stringify(pieces)}`);
  assert.ok(pieces.every((p) => p.length <= 200), 'no piece is longer than MAX_UTTERANCE_CHARS');
  assert.ok(pieces.slice(0, -1).every((p) => /,$/.test(p)), `pieces end at commas: ${JSON.stringify(pieces)}`);
  assert.equal(pieces.join(' ').replace(/\s+/g, ' '), LONG);
  assert.deepEqual([...spoken.slice(0, longStart), 'LONG', ...spoken.slice(longEnd)], READING_ORDER);
  assert.equal(await reader.getAttribute('#listen-bar', 'data-state'), 'stopped', 'stops at the end');
  const u = (await utterances(reader))[1];
  assert.equal(u.lang, 'en-GB', 'the article\'s language');
  assert.equal(u.voiceId, 'fake-en-gb', 'a voice of the article\'s language and region is chosen first');
  assert.equal(u.rate, 1);
  assert.equal(u.pitch, 1);
  await reader.close();
});

test('the highlight follows the end and boundary events; the block is marked', async () => {
  const reader = await openListen();
  await reader.click('#listen-play');
  assert.equal(await highlighted(reader), 'Listening to the Harbour');
  await endUtterance(reader);
  assert.equal(await highlighted(reader), 'Dr. Mara Lind has recorded the harbour for ten years.');
  await endUtterance(reader);
  assert.equal((await highlighted(reader)).replace(/\s+/g, ' '), 'She starts before dawn, when the gulls are still quiet.');
  // A word boundary: "dawn" is at 18 of this utterance, with and without a length.
  await reader.evaluate(() => __fakeSpeech.boundary(18, 4));
  assert.equal(await highlighted(reader, 'pith-listen-word'), 'dawn');
  await reader.evaluate(() => __fakeSpeech.boundary(29, undefined));
  assert.equal(await highlighted(reader, 'pith-listen-word'), 'the');
  // The highlight spans inline runs (the link) without re-wrapping them.
  await endUtterance(reader);
  assert.equal(await highlighted(reader), 'Her microphones hang under the old pier, e.g. near the crane.');
  assert.equal(await reader.locator('.article-body a[href="https://example.org/pier"]').count(), 1);
  assert.equal(await reader.locator('.listen-active').evaluate((e) => e.textContent.startsWith('Dr. Mara Lind')), true);
  // Stop clears it.
  await reader.click('#listen-stop');
  assert.equal(await highlighted(reader), null);
  assert.equal(await reader.locator('.listen-active').count(), 0);
  await reader.close();
});

test('skips by sentence and paragraph with the buttons and the listed keyboard shortcuts', async () => {
  const reader = await openListen();
  const keys = await reader.textContent('#listen-keys');
  for (const k of ['Alt+K', 'Alt+Shift+K', 'Alt+J', 'Alt+L', 'Alt+Shift+J', 'Alt+Shift+L']) assert.ok(keys.includes(k), `${k} is listed`);
  await reader.keyboard.press('Alt+KeyK'); // play
  assert.equal(await lastText(reader), 'Listening to the Harbour');
  await reader.click('#listen-next');
  assert.equal(await lastText(reader), 'Dr. Mara Lind has recorded the harbour for ten years.');
  await reader.keyboard.press('Alt+KeyL');
  assert.equal(await lastText(reader), 'She starts before dawn, when the gulls are still quiet.');
  await reader.keyboard.press('Alt+KeyJ');
  assert.equal(await lastText(reader), 'Dr. Mara Lind has recorded the harbour for ten years.');
  await reader.keyboard.press('Alt+Shift+KeyL');
  assert.equal(await lastText(reader), 'The tide rises 3.5 metres on a spring day.');
  await reader.click('#listen-next-paragraph');
  assert.equal(await lastText(reader), 'What the water says');
  await reader.click('#listen-next');
  await reader.keyboard.press('Alt+Shift+KeyJ'); // to the start of this paragraph
  assert.equal(await lastText(reader), 'What the water says');
  await reader.click('#listen-prev-paragraph'); // at its start: the paragraph before
  assert.equal(await lastText(reader), 'The tide rises 3.5 metres on a spring day.');
  await reader.click('#listen-prev');
  assert.equal(await lastText(reader), 'Her microphones hang under the old pier, e.g. near the crane.');
  assert.equal(await highlighted(reader), 'Her microphones hang under the old pier, e.g. near the crane.');
  // Alt+K pauses, Alt+Shift+K stops.
  await reader.keyboard.press('Alt+KeyK');
  assert.equal(await reader.getAttribute('#listen-bar', 'data-state'), 'paused');
  await reader.keyboard.press('Alt+Shift+KeyK');
  assert.equal(await reader.getAttribute('#listen-bar', 'data-state'), 'stopped');
  await reader.close();
});

test('a click on a sentence starts there; a click on a link does not', async () => {
  const reader = await openListen();
  const count = async () => (await utterances(reader)).length;
  // A click on the word "Navy" starts at its sentence.
  const p = reader.locator('.article-body p', { hasText: 'The tide rises' });
  const box = await p.evaluate((el) => {
    const text = el.firstChild;
    const r = document.createRange();
    const at = text.data.indexOf('Navy');
    r.setStart(text, at);
    r.setEnd(text, at + 4);
    const b = r.getBoundingClientRect();
    return { x: b.x + b.width / 2, y: b.y + b.height / 2 };
  });
  await reader.mouse.click(box.x, box.y);
  assert.equal(await lastText(reader), 'Boats from the U.S. Navy visit twice a year.');
  assert.equal(await reader.getAttribute('#listen-bar', 'data-state'), 'playing');
  // A heading: its one sentence.
  await reader.click('.article-body h2:has-text("Why it matters")');
  assert.equal(await lastText(reader), 'Why it matters');
  // A link is followed, not read from (the click is not taken): nothing new is spoken.
  const before = await count();
  await reader.locator('.article-body a[href="https://example.org/pier"]').evaluate((a) => a.addEventListener('click', (e) => e.preventDefault()));
  await reader.click('.article-body a[href="https://example.org/pier"]');
  assert.equal(await count(), before);
  await reader.close();
});

test('pause keeps the position, also across a reload; resume speaks that sentence again', async () => {
  const reader = await openListen();
  await reader.click('#listen-play');
  await endUtterance(reader);
  await endUtterance(reader);
  assert.equal(await lastText(reader), 'She starts before dawn, when the gulls are still quiet.');
  await reader.click('#listen-play'); // pause
  assert.equal(await reader.getAttribute('#listen-bar', 'data-state'), 'paused');
  assert.equal(await reader.textContent('#listen-play'), 'Resume');
  const n = (await utterances(reader)).length;
  await reader.click('#listen-play'); // resume
  assert.equal((await utterances(reader)).length, n + 1);
  assert.equal(await lastText(reader), 'She starts before dawn, when the gulls are still quiet.');
  await reader.click('#listen-play'); // pause again, then come back later
  await reader.reload();
  await reader.waitForSelector('main#reader[data-state="ready"]');
  await reader.click('#listen-toggle');
  assert.equal(await highlighted(reader), 'She starts before dawn, when the gulls are still quiet.', 'the position is shown');
  await reader.click('#listen-play');
  assert.equal(await lastText(reader), 'She starts before dawn, when the gulls are still quiet.');
  await reader.close();
});

test('rate, pitch and voice reach the engine and are remembered (the voice per language)', async () => {
  const reader = await openListen();
  // The article's voices first: en-GB, en-US, then the others.
  const groups = await reader.$$eval('#listen-voice optgroup', (gs) => gs.map((g) => [g.label, [...g.children].map((o) => o.value)]));
  assert.deepEqual(groups, [['For this article', ['fake-en-gb', 'fake-en-us']], ['Other voices', ['fake-de', 'fake-fr']]]);
  const set = (selector, value) => reader.$eval(selector, (e, v) => { e.value = v; e.dispatchEvent(new Event(e.localName === 'select' ? 'change' : 'input', { bubbles: true })); }, value);
  await set('#listen-rate', '2.5');
  await set('#listen-pitch', '1.3');
  await reader.selectOption('#listen-voice', 'fake-en-us');
  assert.equal(await reader.textContent('#listen-rate + output'), '2.5×');
  await reader.click('#listen-play');
  let u = (await utterances(reader)).at(-1);
  assert.deepEqual([u.rate, u.pitch, u.voiceId, u.lang], [2.5, 1.3, 'fake-en-us', 'en-GB']);
  // Rate beyond the range is clamped to 3×.
  await set('#listen-rate', '9');
  await endUtterance(reader);
  u = (await utterances(reader)).at(-1);
  assert.equal(u.rate, 3);
  // Stored, and used by the next reader.
  const stored = await browser.worker.evaluate(async () => (await chrome.storage.local.get('pith-listen'))['pith-listen']);
  assert.deepEqual(stored, { rate: 3, pitch: 1.3, voices: { en: 'fake-en-us' }, captions: true, skipCode: true });
  await reader.close();
  const again = await openListen(VOICES, { keepSettings: true });
  assert.equal(await again.inputValue('#listen-voice'), 'fake-en-us');
  assert.equal(await again.inputValue('#listen-rate'), '3');
  await again.click('#listen-play');
  u = (await utterances(again)).at(-1);
  assert.deepEqual([u.rate, u.voiceId], [3, 'fake-en-us']);
  await again.close();
});

test('captions off, code read: the settings change what is spoken', async () => {
  const reader = await openListen();
  await reader.uncheck('#listen-captions');
  await reader.uncheck('#listen-skip-code');
  await reader.click('#listen-play');
  for (let i = 0; i < 40 && (await endUtterance(reader)); i++) { /* through the article */ }
  const spoken = (await utterances(reader)).map((u) => u.text.trim());
  assert.ok(!spoken.includes('The pier at low tide.'), 'no caption');
  assert.ok(!spoken.includes('Code block skipped.'));
  assert.ok(spoken.includes('record --channels 2 --rate 48000') && spoken.includes('split --every 10m'), 'code read line by line');
  await reader.close();
});

test('closing the reader stops speech', async () => {
  const reader = await openListen();
  await reader.click('#listen-play');
  const cancels = await reader.evaluate(() => __fakeSpeech.log.cancels);
  await reader.evaluate(() => dispatchEvent(new PageTransitionEvent('pagehide', { persisted: false })));
  assert.ok(await reader.evaluate(() => __fakeSpeech.log.cancels) > cancels, 'pagehide cancels the engine');
  // And for real: Escape returns to the page; the reader's document is gone.
  await reader.keyboard.press('Escape');
  await reader.waitForURL(/listen-article\.html/);
  await reader.close();
});

test('without voices the bar says so, and Play does nothing silently', async () => {
  const reader = await openListen([]);
  const note = reader.locator('#listen-no-voice');
  assert.equal(await note.isVisible(), true);
  assert.match(await note.textContent(), /No voice is available/);
  assert.equal(await reader.isDisabled('#listen-play'), true);
  await reader.keyboard.press('Alt+KeyK');
  assert.match(await reader.textContent('#listen-status'), /No voice is available/);
  assert.deepEqual(await utterances(reader), []);
  // Voices that arrive later (voiceschanged) are offered.
  await reader.evaluate((v) => __fakeSpeech.setVoices(v), VOICES);
  assert.equal(await note.isVisible(), false);
  assert.equal(await reader.isDisabled('#listen-play'), false);
  await reader.close();
});

test('screenshot: the Listen bar with a sentence highlighted', async () => {
  const reader = await openListen();
  await reader.click('#listen-play');
  await reader.click('#listen-next');
  await reader.click('#listen-next');
  await reader.evaluate(() => __fakeSpeech.boundary(18, 4));
  await mkdir(SCREENSHOTS, { recursive: true });
  await reader.screenshot({ path: join(SCREENSHOTS, 'reader-listen.png') });
  assert.equal((await highlighted(reader)).replace(/\s+/g, ' '), 'She starts before dawn, when the gulls are still quiet.');
  await reader.close();
});

test('a sentence scrolled to is kept in view: smoothly, or at once under prefers-reduced-motion', async () => {
  for (const reducedMotion of ['reduce', 'no-preference']) {
    const reader = await openListen();
    await reader.setViewportSize({ width: 900, height: 600 });
    await reader.emulateMedia({ reducedMotion });
    await reader.evaluate(() => {
      window.__scrolls = 0;
      addEventListener('scroll', () => { window.__scrolls += 1; });
    });
    await reader.click('#listen-play');
    // The last paragraph, far below.
    for (let i = 0; i < 12; i++) await reader.click('#listen-next-paragraph');
    assert.equal(await lastText(reader), 'A harbour that sounds different is a harbour that has changed.');
    const inView = () => reader.evaluate(() => {
      const r = [...CSS.highlights.get('pith-listen-sentence')][0].getBoundingClientRect();
      const bar = document.getElementById('listen-bar').getBoundingClientRect();
      return r.top >= 0 && r.bottom <= bar.top;
    });
    if (reducedMotion === 'reduce') {
      assert.equal(await inView(), true, 'in view at once');
      assert.ok(await reader.evaluate(() => window.__scrolls) <= 12, 'one jump per move, no animation');
    } else {
      await reader.waitForFunction(() => {
        const r = [...CSS.highlights.get('pith-listen-sentence')][0].getBoundingClientRect();
        return r.top >= 0 && r.bottom <= document.getElementById('listen-bar').getBoundingClientRect().top;
      }, null, { timeout: 5000 });
      assert.ok(await reader.evaluate(() => window.__scrolls) > 12, 'animated: many scroll steps');
    }
    await reader.close();
  }
});

test('a long voice list: all of the article\'s language, the others capped', async () => {
  const many = Array.from({ length: 400 }, (_, i) => ({ id: `v${i}`, name: `Voice ${i}`, lang: i < 20 ? 'en-GB' : `x${String(i).padStart(3, '0')}`, isDefault: false, local: true }));
  const reader = await openListen(many);
  const counts = await reader.$$eval('#listen-voice optgroup', (gs) => gs.map((g) => g.children.length));
  assert.deepEqual(counts, [20, 300]);
  await reader.close();
});

test('pieces: long sentences cut at natural breaks, shorter at slower rates (player.js)', async () => {
  const cx = vm.createContext({});
  vm.runInContext(`${await readFile(join(ROOT, 'extension', 'ui', 'listen', 'player.js'), 'utf8')}; this.P = PithPlayer;`, cx);
  const P = cx.P;
  assert.equal(P.maxPieceChars(1), 168);
  assert.equal(P.maxPieceChars(3), P.MAX_UTTERANCE_CHARS);
  assert.equal(P.maxPieceChars(0.5), 84);
  const pieces = P.pieces(LONG, P.maxPieceChars(1));
  assert.ok(pieces.length >= 2 && pieces.every((p) => p.text.length <= 168));
  assert.equal(pieces.map((p) => p.text).join(''), LONG, 'nothing lost');
  for (const p of pieces) assert.equal(LONG.slice(p.offset, p.offset + p.text.length), p.text, 'offsets into the sentence');
  // A semicolon is preferred to a comma; a word without breaks is cut hard.
  const semi = `${'a'.repeat(50)}, ${'b'.repeat(40)}; ${'c'.repeat(60)}`;
  assert.equal(P.pieces(semi, 100)[0].text, `${'a'.repeat(50)}, ${'b'.repeat(40)}; `);
  assert.deepEqual(Array.from(P.pieces('x'.repeat(250), 100), (p) => p.text.length), [100, 100, 50]);
  // CJK: the ideographic comma.
  const zh = '我们'.repeat(40) + '，' + '他们'.repeat(40) + '。';
  assert.equal(P.pieces(zh, 100)[0].text, '我们'.repeat(40) + '，');
});

test('the core\'s sentence ranges reach the reader packed (storage.session) and as UTF-16 ranges', async () => {
  const reader = await openListen();
  const stored = await storedArticle(browser.worker, reader.url());
  const blocks = stored.result.extraction.blocks;
  const first = blocks.find((b) => b.kind === 'paragraph');
  // "Dr. Mara Lind has recorded the harbour for ten years." is 0–53, the next sentence 54–109, …
  assert.equal(typeof first.sentences, 'string');
  let at = 0;
  const ranges = first.sentences.split(',').map((d) => (at += parseInt(d, 36)));
  assert.deepEqual(ranges.slice(0, 4), [0, 53, 54, 109]);
  assert.equal(ranges.length, 6);
  const figure = blocks.find((b) => b.kind === 'figure');
  assert.equal(typeof figure.captionSentences, 'string');
  await reader.close();
});

test('an Arabic article: its language reaches the engine, its sentences are the core\'s', async () => {
  const arabic = [...VOICES, { id: 'fake-ar', name: 'Fake Maged', lang: 'ar-SA', isDefault: false, local: true }];
  const reader = await openListen(arabic, { path: '/reader/rtl-article.html' });
  assert.equal(await reader.$eval('#listen-voice optgroup', (g) => g.querySelector('option').value), 'fake-ar');
  const first = reader.locator('.article-body p', { hasText: 'طاحونة المد آلة صبورة' });
  // Right to left: the first word is at the right end of the first line.
  const box = await first.boundingBox();
  await first.click({ position: { x: box.width - 6, y: 8 } });
  const u = (await utterances(reader)).at(-1);
  assert.deepEqual([u.text, u.lang, u.voiceId], ['طاحونة المد آلة صبورة تطحن الحبوب بقوة البحر.', 'ar', 'fake-ar']);
  await endUtterance(reader);
  assert.match(await highlighted(reader), /^عند ارتفاع المد تمتلئ بركة خلف السد، .* في كل مد\.$/);
  await reader.close();
});
