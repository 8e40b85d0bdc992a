// Listen against a real speech engine: Debian's firefox-esr (headless,
// through geckodriver, tests/e2e/firefox-lib.mjs) speaks through
// speech-dispatcher and espeak-ng. With no sound device an utterance
// starts and never ends, so the test gives Firefox (and the
// speech-dispatcher it starts) a home of its own whose speech-dispatcher
// configuration sends audio to libao's null driver: the engine synthesises
// every utterance and reports its end, at once. The reader's Listen bar then
// reads the sample article through the real engine; what it highlights is
// recorded in the page as it happens. (speech-dispatcher reports no word
// boundaries to Firefox: the word highlight is tested with the fake engine
// only, tests/e2e/listen.test.mjs.)
//
// Nothing is skipped: without firefox-esr, geckodriver, speech-dispatcher or
// espeak-ng the test fails and says to run ./build.sh, which installs them.

import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { mkdtemp, mkdir, writeFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DIST, ROOT, serveStatic } from './lib.mjs';
import { ADDON_ID, clickAction, launchFirefox, missingPrograms, waitFor, waitForTab } from './firefox-lib.mjs';

/** From the click to the rendered reader, and for the whole article to be read (ms); slack for a loaded 2-CPU machine. */
const READ_MS = 30000;
const SPEAK_MS = 60000;

/** The sentences of tests/fixtures/reader/listen-article.html, in the order Listen reads them (default settings). */
const READING_ORDER = [
  'Listening to the Harbour',
  'Dr. Mara Lind has recorded the harbour for ten years.',
  'She starts before dawn, when the gulls are still quiet.',
  'Her microphones hang under the old pier, e.g. near the crane.',
  'The tide rises 3.5 metres on a spring day.',
  'Boats from the U.S. Navy visit twice a year.',
  'Everyone hears them coming.',
  'What the water says',
  'Waves on shingle sound nothing like waves on sand, because the stones roll against each other as the water drains back through them, and every stone gives its own small click, which together make the long hiss that people who grew up by the sea recognise at once, even with their eyes closed, even in a recording played far inland.',
  '(code block)',
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

/** What is missing for this test, or null. */
function missing() {
  const programs = missingPrograms();
  if (programs) return programs;
  const speech = ['/usr/bin/speech-dispatcher', '/usr/bin/espeak-ng'].filter((p) => !existsSync(p));
  return speech.length ? `${speech.join(', ')} not found: run ./build.sh (it installs speech-dispatcher and espeak-ng)` : null;
}

describe('Listen with a real engine (Firefox, speech-dispatcher, espeak-ng)', () => {
  let server;
  let firefox;
  let home;
  let session;

  before(async () => {
    server = await serveStatic({ '/reader/': join(ROOT, 'tests', 'fixtures', 'reader') + '/', '/img/': join(ROOT, 'tests', 'fixtures', 'reader', 'img') + '/' });
    if (missing()) return; // each test fails with the message
    // A home for Firefox and its speech-dispatcher: audio to libao's null driver.
    home = await mkdtemp(join(tmpdir(), 'pith-speech-home-'));
    await mkdir(join(home, '.config', 'speech-dispatcher'), { recursive: true });
    await mkdir(join(home, 'run'), { mode: 0o700 });
    await writeFile(join(home, '.config', 'speech-dispatcher', 'speechd.conf'), [
      'AudioOutputMethod "libao"',
      'AddModule "espeak-ng" "sd_espeak-ng" "espeak-ng.conf"',
      'DefaultModule espeak-ng',
      '',
    ].join('\n'));
    await writeFile(join(home, '.libao'), 'default_driver=null\n');
    Object.assign(process.env, {
      HOME: home,
      XDG_CONFIG_HOME: join(home, '.config'),
      XDG_CACHE_HOME: join(home, '.cache'),
      XDG_RUNTIME_DIR: join(home, 'run'),
    });
    firefox = await launchFirefox();
    session = firefox.session;
    assert.equal(await session.installTemporaryAddon(join(DIST, 'firefox')), ADDON_ID);
    await session.goto(server.url('/reader/listen-article.html'));
    await clickAction(session);
    await waitForTab(session, (u) => /^moz-extension:\/\/[^/]+\/ui\/reader\.html\?key=/.test(u), READ_MS);
    await waitFor(() => session.execute("return document.querySelector('main#reader')?.dataset.state === 'ready'"), READ_MS, 'the reader rendering the article');
  });

  after(async () => {
    await firefox?.close();
    await server?.close();
    // (speech-dispatcher, started by Firefox, leaves by itself 5 s after its last client.)
    if (home) await rm(home, { recursive: true, force: true });
  });

  function requireAll() {
    const m = missing();
    if (m) assert.fail(m);
  }

  /** Installs a recorder of the highlighted sentences (and states) in the reader page. */
  const record = () => session.execute(`
    const bar = document.getElementById('listen-bar');
    window.__heard = [];
    window.__states = [];
    new MutationObserver(() => {
      const i = Number(bar.dataset.sentence);
      const h = CSS.highlights && CSS.highlights.get('pith-listen-sentence');
      const text = h ? [...h].map((r) => r.toString()).join('') : (i >= 0 ? '(code block)' : null);
      if (i >= 0 && (!__heard.length || __heard.at(-1).i !== i)) __heard.push({ i, text: (text || '').replace(/\\s+/g, ' ').trim() || '(code block)' });
      if (__states.at(-1) !== bar.dataset.state) __states.push(bar.dataset.state);
    }).observe(bar, { attributes: true, attributeFilter: ['data-sentence', 'data-state'] });`);

  test('Firefox offers the system voices, the article\'s language first', async () => {
    requireAll();
    await session.execute("document.getElementById('listen-toggle').click()");
    const voices = await waitFor(() => session.execute(`
      const bar = document.getElementById('listen-bar');
      if (!(Number(bar.dataset.voices) > 0)) return null;
      const first = document.querySelector('#listen-voice optgroup');
      return { count: Number(bar.dataset.voices), group: first.label, lang: first.querySelector('option').textContent,
        chosen: document.getElementById('listen-voice').value, noVoice: document.getElementById('listen-no-voice').hidden };`),
    READ_MS, 'speech-dispatcher\'s voices in the Listen bar');
    assert.equal(voices.group, 'For this article');
    assert.match(voices.lang, /\(en-GB\)$/, 'an en-GB voice first');
    assert.match(decodeURIComponent(voices.chosen), /\?en-GB$/);
    assert.equal(voices.noVoice, true, 'no "no voice" note');
  });

  test('the real engine reads the whole article in order, the highlight following its end events', async () => {
    requireAll();
    await record();
    await session.execute("document.getElementById('listen-play').click()");
    await waitFor(() => session.execute("return window.__states.includes('stopped')"), SPEAK_MS, 'the end of the article');
    const heard = await session.execute('return window.__heard');
    assert.deepEqual(heard.map((h) => h.i), READING_ORDER.map((_, i) => i), 'every sentence, once, in order');
    assert.deepEqual(heard.map((h) => h.text), READING_ORDER);
    assert.deepEqual(await session.execute('return window.__states'), ['playing', 'stopped']);
  });

  test('pause holds the position with the real engine; resume goes on from there', async () => {
    requireAll();
    await record();
    // Pause as soon as the third sentence is under way.
    await session.execute(`
      const bar = document.getElementById('listen-bar');
      new MutationObserver((_, o) => {
        if (bar.dataset.sentence === '2') { document.getElementById('listen-play').click(); o.disconnect(); }
      }).observe(bar, { attributes: true, attributeFilter: ['data-sentence'] });
      document.getElementById('listen-play').click();`);
    await waitFor(() => session.execute("return document.getElementById('listen-bar').dataset.state === 'paused'"), SPEAK_MS, 'the pause');
    await new Promise((ok) => setTimeout(ok, 1000));
    assert.equal(await session.execute("return document.getElementById('listen-bar').dataset.sentence"), '2', 'still at the third sentence');
    await session.execute("document.getElementById('listen-play').click()");
    await waitFor(() => session.execute("return window.__states.at(-1) === 'stopped'"), SPEAK_MS, 'the end of the article');
    const heard = await session.execute('return window.__heard');
    assert.deepEqual(heard.map((h) => h.i), READING_ORDER.map((_, i) => i));
    assert.deepEqual(await session.execute('return window.__states'), ['playing', 'paused', 'playing', 'stopped']);
  });
});
