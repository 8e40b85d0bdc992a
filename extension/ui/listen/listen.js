// Listen: the reader's text-to-speech (issue 9). The reader marks each
// element it renders from a spoken block (mark(): headings, paragraphs,
// list items, table cells, captions, terms and details, code blocks), then
// calls rendered(); this module reads the marked elements' text from the
// DOM, takes each block's sentence ranges from the core (UTF-16 ranges over
// that text, src/sentences.rs), and drives the player (player.js) through
// the engine (engine.js). The sentence spoken is highlighted with the CSS
// Custom Highlight API (no element is wrapped, so links and emphasis stay
// as they are); where that API is missing, its block is. Page text reaches
// the DOM only as text nodes; the bar is built with createElement.

// eslint-disable-next-line no-var
var PithListen = (() => {
  'use strict';

  const S = PithSettings;

  /** Names of the highlights (CSS `::highlight(...)` in listen.css). */
  const SENTENCE_HIGHLIGHT = 'pith-listen-sentence';
  const WORD_HIGHLIGHT = 'pith-listen-word';

  /** What is said in place of a skipped code block. */
  const CODE_SKIPPED = 'Code block skipped.';

  /**
   * Space kept free above and below the sentence spoken (px): it is
   * scrolled into view when it comes nearer the window's edge (or the bar)
   * than this, so the next lines stay visible too.
   */
  const VIEW_MARGIN_PX = 80;

  /**
   * At most this many voices in the "Other voices" group. speech-dispatcher
   * with espeak-ng offers every voice in every variant: Firefox on Debian 12
   * lists 13,362 (measured 2026-11-22), a list no one can pick from. The
   * article's language's voices are always all listed, and so is a voice
   * chosen before.
   */
  const MAX_OTHER_VOICES = 300;

  /** sessionStorage key prefix of the sentence to resume at, per stored article. */
  const POSITION_KEY = 'pith-listen-position:';

  /** Elements whose content is a block of its own (their text is not the marked element's). */
  const BLOCK_TAGS = new Set(['p', 'ul', 'ol', 'li', 'blockquote', 'div', 'figure', 'table', 'pre', 'dl', 'section', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6']);

  /**
   * Keyboard shortcuts (KeyboardEvent.code with Alt; with Shift the second
   * action). Alt+letter: single-key shortcuts would break WCAG 2.1.4
   * (character key shortcuts), and J, K, L are in no browser's Alt menu.
   */
  const SHORTCUTS = [
    { code: 'KeyK', action: 'toggle', shift: 'stop', label: 'Alt+K', shiftLabel: 'Alt+Shift+K', says: 'play or pause', shiftSays: 'stop' },
    { code: 'KeyJ', action: 'previous', shift: 'previousParagraph', label: 'Alt+J', shiftLabel: 'Alt+Shift+J', says: 'previous sentence', shiftSays: 'previous paragraph' },
    { code: 'KeyL', action: 'next', shift: 'nextParagraph', label: 'Alt+L', shiftLabel: 'Alt+Shift+L', says: 'next sentence', shiftSays: 'next paragraph' },
  ];

  const engine = PithSpeechEngine.create();
  const hasHighlights = typeof CSS !== 'undefined' && CSS.highlights && typeof Highlight === 'function';
  const reducedMotion = matchMedia('(prefers-reduced-motion: reduce)');

  /** Marks of the render in progress, and of the one shown. */
  let pending = [];
  const markOf = new WeakMap();
  /** The paragraphs shown: {el, kind, map, ranges: [start, end][]}. */
  let paragraphs = [];
  /** The sentences the player speaks: {para, text, start, end} (start null: a spoken mark). */
  let spoken = [];
  let lang = '';
  let storeKey = '';
  let settings = S.normalizeListen(null);
  let activeEl = null;
  let ui = null;

  const player = PithPlayer.create(engine, {
    sentence: showSentence,
    word: showWord,
    state: showState,
    error: (message) => say(message),
  });

  // ------------------------------------------------------------ the text

  /** Called by the reader for each element rendered from a spoken block. */
  function mark(el, block, kind = block && block.kind) {
    const m = { el, block: block || {}, kind };
    pending.push(m);
    markOf.set(el, m);
  }

  /**
   * The element's text as the reader rendered it, and where each part of
   * it is: text nodes, and <br> as one '\n'; nested blocks and marked
   * elements are left out (their text is theirs).
   */
  function textMap(el) {
    const parts = [];
    let text = '';
    const walk = (node) => {
      for (const child of node.childNodes) {
        if (child.nodeType === Node.TEXT_NODE) {
          parts.push({ node: child, start: text.length, length: child.data.length });
          text += child.data;
        } else if (child.nodeType === Node.ELEMENT_NODE) {
          if (child.localName === 'br') {
            parts.push({ node: child, start: text.length, length: 1, br: true });
            text += '\n';
          } else if (!markOf.has(child) && !BLOCK_TAGS.has(child.localName) && !child.classList.contains('code-lang')) {
            walk(child);
          }
        }
      }
    };
    walk(el);
    return { text, parts };
  }

  /** A DOM point for UTF-16 offset `offset` of `map`'s text (`end`: the point ends a range). */
  function point(map, offset, end) {
    for (const p of map.parts) {
      if (offset < p.start + p.length || (end && offset === p.start + p.length)) {
        if (p.br) return offset === p.start ? [p.node.parentNode, [...p.node.parentNode.childNodes].indexOf(p.node)] : [p.node.parentNode, [...p.node.parentNode.childNodes].indexOf(p.node) + 1];
        return [p.node, offset - p.start];
      }
    }
    const last = map.parts[map.parts.length - 1];
    return last && !last.br ? [last.node, last.length] : null;
  }

  /** A Range over [start, end) of `map`'s text, or null. */
  function rangeOf(map, start, end) {
    const a = point(map, start, false);
    const b = point(map, end, true);
    if (!a || !b) return null;
    const r = document.createRange();
    try {
      r.setStart(a[0], a[1]);
      r.setEnd(b[0], b[1]);
    } catch { return null; }
    return r;
  }

  /** Ranges as the background stores them (service-worker.js packRanges): deltas, base 36, comma-separated. */
  function unpackRanges(packed) {
    if (typeof packed !== 'string') return packed;
    if (!packed) return [];
    let at = 0;
    return packed.split(',').map((d) => { at += parseInt(d, 36); return at; });
  }

  /** The core's ranges (an array, or packed) if they fit `text`, else the whole text (trimmed) as one. */
  function rangesOf(ranges, text) {
    const flat = unpackRanges(ranges);
    const out = [];
    if (Array.isArray(flat) && flat.length % 2 === 0) {
      for (let i = 0; i < flat.length; i += 2) {
        const [s, e] = [flat[i], flat[i + 1]];
        if (!Number.isInteger(s) || !Number.isInteger(e) || s < 0 || e <= s || e > text.length) return rangesOf(null, text);
        out.push([s, e]);
      }
      if (out.length) return out;
    }
    const start = text.length - text.trimStart().length;
    const end = text.trimEnd().length;
    return end > start ? [[start, end]] : [];
  }

  /** The sentence list the player speaks, from the paragraphs and the settings. */
  function buildSpoken() {
    spoken = [];
    paragraphs.forEach((p, para) => {
      if (p.kind === 'caption' && !settings.captions) return;
      if (p.kind === 'code') {
        if (settings.skipCode) { spoken.push({ para, text: CODE_SKIPPED, start: null, end: null }); return; }
        // Read line by line.
        let at = 0;
        for (const line of p.map.text.split('\n')) {
          if (line.trim()) spoken.push({ para, text: line, start: at, end: at + line.length });
          at += line.length + 1;
        }
        return;
      }
      for (const [start, end] of p.ranges) spoken.push({ para, text: p.map.text.slice(start, end), start, end });
    });
  }

  /** Called by the reader once it has rendered the article (`body`). */
  function rendered(body, options = {}) {
    const marks = pending;
    pending = [];
    lang = String(options.lang || document.documentElement.lang || '');
    storeKey = String(options.key || '');
    paragraphs = [];
    for (const m of marks) {
      if (!m.el.isConnected) continue;
      if (m.kind === 'code') {
        const code = m.el.querySelector('code') || m.el;
        paragraphs.push({ el: m.el, kind: 'code', map: textMap(code), ranges: [] });
        continue;
      }
      const map = textMap(m.el);
      const flat = m.kind === 'caption' ? m.block.captionSentences : m.block.sentences;
      const ranges = rangesOf(flat, map.text);
      if (ranges.length) paragraphs.push({ el: m.el, kind: m.kind, map, ranges });
    }
    body.addEventListener('click', onBodyClick);
    buildUi();
    reload(savedPosition());
    ui.toggle.hidden = false;
  }

  /** Rebuilds the sentence list (settings changed, new render) and goes to sentence `at`. */
  function reload(at = 0) {
    buildSpoken();
    player.load(spoken, at);
    if (at > 0 && at < spoken.length) player.seek(at);
    configure();
  }

  function savedPosition() {
    try { return Number(sessionStorage.getItem(POSITION_KEY + storeKey)) || 0; } catch { return 0; }
  }

  function savePosition(i) {
    try {
      if (i > 0) sessionStorage.setItem(POSITION_KEY + storeKey, String(i));
      else sessionStorage.removeItem(POSITION_KEY + storeKey);
    } catch { /* storage off: the position is not kept */ }
  }

  // ------------------------------------------------------------ highlight

  function clearHighlight() {
    if (activeEl) activeEl.classList.remove('listen-active');
    activeEl = null;
    if (hasHighlights) {
      CSS.highlights.delete(SENTENCE_HIGHLIGHT);
      CSS.highlights.delete(WORD_HIGHLIGHT);
    }
  }

  function showSentence(i) {
    clearHighlight();
    if (ui) ui.bar.dataset.sentence = String(i);
    if (i < 0 || !spoken[i]) { if (player.state === 'stopped') savePosition(0); return; }
    savePosition(i);
    const s = spoken[i];
    const p = paragraphs[s.para];
    activeEl = p.el;
    activeEl.classList.add('listen-active');
    let range = null;
    if (s.start !== null) range = rangeOf(p.map, s.start, s.end);
    if (range && hasHighlights) CSS.highlights.set(SENTENCE_HIGHLIGHT, new Highlight(range));
    keepInView(range || p.el);
  }

  function showWord(i, start, end) {
    const s = spoken[i];
    if (!s || s.start === null || !hasHighlights) return;
    const range = rangeOf(paragraphs[s.para].map, s.start + start, s.start + end);
    if (range) CSS.highlights.set(WORD_HIGHLIGHT, new Highlight(range));
  }

  /**
   * Scrolls so the sentence is in view with VIEW_MARGIN_PX around it (above
   * the bar); smoothly, or at once when the user prefers reduced motion
   * (no animated scrolling then).
   */
  function keepInView(target) {
    const rect = target.getBoundingClientRect();
    const barTop = ui && !ui.bar.hidden ? ui.bar.getBoundingClientRect().top : innerHeight;
    const top = VIEW_MARGIN_PX;
    const bottom = Math.max(top + 1, barTop - VIEW_MARGIN_PX);
    let delta = 0;
    if (rect.top < top) delta = rect.top - top;
    else if (rect.bottom > bottom) delta = Math.min(rect.bottom - bottom, rect.top - top);
    if (Math.abs(delta) >= 1) window.scrollBy({ top: delta, behavior: reducedMotion.matches ? 'instant' : 'smooth' });
  }

  // ------------------------------------------------------------ voices

  const primary = (tag) => String(tag || '').toLowerCase().split(/[-_]/)[0];

  /** Voices for the article's language first (same region first), then the rest by language. */
  function sortedVoices() {
    const want = primary(lang);
    const region = String(lang || '').toLowerCase().replace('_', '-');
    const rank = (v) => {
      const l = String(v.lang || '').toLowerCase().replace('_', '-');
      if (want && l === region) return 0;
      if (want && primary(l) === want) return 1;
      return 2;
    };
    return engine.voices().slice().sort((a, b) => rank(a) - rank(b) || (b.isDefault - a.isDefault) || String(a.lang).localeCompare(String(b.lang)) || String(a.name).localeCompare(String(b.name)))
      .map((v) => ({ ...v, forArticle: rank(v) < 2 }));
  }

  /** The voice to use: the one chosen for this language, else the engine's pick for it. */
  function chosenVoice(voices) {
    const remembered = settings.voices[primary(lang)];
    return voices.find((v) => v.id === remembered) || voices.find((v) => v.forArticle) || voices.find((v) => v.isDefault) || voices[0] || null;
  }

  function fillVoices() {
    if (!ui) return;
    const voices = sortedVoices();
    const select = ui.voice;
    select.replaceChildren();
    if (!engine.available || !voices.length) {
      select.append(el('option', '', 'No voices'));
      select.disabled = true;
      ui.play.disabled = true;
      ui.noVoice.hidden = false;
      ui.noVoice.textContent = engine.available
        ? 'No voice is available: this browser offers no speech voices. Install one in your system (on Linux: speech-dispatcher and espeak-ng), then reopen the reader.'
        : 'Speech is not available in this browser.';
      ui.bar.dataset.voices = '0';
      return;
    }
    ui.noVoice.hidden = true;
    select.disabled = false;
    ui.play.disabled = false;
    const chosen = chosenVoice(voices);
    const others = voices.filter((v) => !v.forArticle);
    const shown = others.length > MAX_OTHER_VOICES
      ? others.filter((v, i) => i < MAX_OTHER_VOICES || v === chosen)
      : others;
    const groups = [['For this article', voices.filter((v) => v.forArticle)], ['Other voices', shown]];
    for (const [label, list] of groups) {
      if (!list.length) continue;
      const group = el('optgroup');
      group.label = label;
      for (const v of list) {
        const o = el('option', '', `${v.name} (${v.lang})`);
        o.value = v.id;
        group.append(o);
      }
      select.append(group);
    }
    if (chosen) select.value = chosen.id;
    ui.bar.dataset.voices = String(voices.length);
    configure();
  }

  function configure() {
    const voices = engine.voices();
    const id = ui && !ui.voice.disabled ? ui.voice.value : null;
    const v = voices.find((x) => x.id === id);
    player.configure({ voiceId: v ? v.id : null, lang: lang || (v && v.lang) || '', rate: settings.rate, pitch: settings.pitch });
  }

  // ------------------------------------------------------------ settings

  function saveSettings(next) {
    settings = S.normalizeListen(next);
    chrome.storage.local.set({ [PITH_LISTEN_KEY]: settings }).catch((e) => say(`Settings not saved: ${e.message}`));
  }

  /** The reader's settings changed (here or in another tab). */
  function useSettings(next) {
    const before = settings;
    settings = S.normalizeListen(next);
    if (!ui) return;
    showSettings();
    if (before.captions !== settings.captions || before.skipCode !== settings.skipCode) {
      const at = player.state === 'stopped' ? 0 : player.index;
      reload(Math.min(at, spoken.length - 1));
    } else {
      configure();
    }
  }

  function showSettings() {
    ui.rate.value = String(settings.rate);
    ui.rateOut.textContent = `${settings.rate.toFixed(1)}×`;
    ui.pitch.value = String(settings.pitch);
    ui.pitchOut.textContent = settings.pitch.toFixed(1);
    ui.captions.checked = settings.captions;
    ui.code.checked = settings.skipCode;
  }

  // ------------------------------------------------------------ the bar

  function el(tag, className, text) {
    const e = document.createElement(tag);
    if (className) e.className = className;
    if (text !== undefined) e.textContent = text;
    return e;
  }

  function button(id, text, label, keys) {
    const b = el('button', 'tool listen-button', text);
    b.type = 'button';
    b.id = id;
    if (label) b.setAttribute('aria-label', label);
    if (keys) b.setAttribute('aria-keyshortcuts', keys);
    b.title = keys ? `${label || text} (${keys.replace(/\+/g, '+')})` : label || text;
    return b;
  }

  function range(id, label, limits) {
    const wrap = el('div', 'listen-range');
    const l = el('label', '', label);
    l.htmlFor = id;
    const input = el('input');
    input.type = 'range';
    input.id = id;
    Object.assign(input, { min: limits.min, max: limits.max, step: limits.step });
    const out = el('output');
    out.htmlFor = id;
    wrap.append(l, input, out);
    return [wrap, input, out];
  }

  function check(id, label) {
    const l = el('label', 'switch');
    const input = el('input');
    input.type = 'checkbox';
    input.id = id;
    l.append(input, el('span', '', label));
    return [l, input];
  }

  function say(message) {
    if (ui) ui.status.textContent = message;
  }

  function buildUi() {
    if (ui) { fillVoices(); showSettings(); return; }
    const toolbar = document.querySelector('.toolbar-inner');
    const toggle = button('listen-toggle', 'Listen', null, null);
    toggle.setAttribute('aria-expanded', 'false');
    toggle.setAttribute('aria-controls', 'listen-bar');
    toggle.hidden = true;
    const settingsButton = document.getElementById('settings-button');
    if (toolbar) toolbar.insertBefore(toggle, settingsButton || null);

    const bar = el('section', 'listen-bar');
    bar.id = 'listen-bar';
    bar.lang = 'en';
    bar.dir = 'ltr';
    bar.hidden = true;
    bar.setAttribute('aria-label', 'Listen');
    const controls = el('div', 'listen-controls');
    const prevPara = button('listen-prev-paragraph', '«', 'Previous paragraph', 'Alt+Shift+J');
    const prev = button('listen-prev', '‹', 'Previous sentence', 'Alt+J');
    const play = button('listen-play', 'Play', null, 'Alt+K');
    const stop = button('listen-stop', 'Stop', null, 'Alt+Shift+K');
    const next = button('listen-next', '›', 'Next sentence', 'Alt+L');
    const nextPara = button('listen-next-paragraph', '»', 'Next paragraph', 'Alt+Shift+L');
    const close = button('listen-close', 'Close', 'Close Listen', null);
    controls.append(prevPara, prev, play, stop, next, nextPara);

    const [rateWrap, rate, rateOut] = range('listen-rate', 'Speed', S.LISTEN_LIMITS.rate);
    const [pitchWrap, pitch, pitchOut] = range('listen-pitch', 'Pitch', S.LISTEN_LIMITS.pitch);
    const voiceWrap = el('div', 'listen-voice');
    const voiceLabel = el('label', '', 'Voice');
    voiceLabel.htmlFor = 'listen-voice';
    const voice = el('select');
    voice.id = 'listen-voice';
    voiceWrap.append(voiceLabel, voice);
    const [captionsLabel, captions] = check('listen-captions', 'Read image captions');
    const [codeLabel, code] = check('listen-skip-code', 'Skip code blocks');
    const options = el('div', 'listen-options');
    options.append(rateWrap, pitchWrap, voiceWrap, captionsLabel, codeLabel);

    const noVoice = el('p', 'listen-no-voice');
    noVoice.id = 'listen-no-voice';
    noVoice.setAttribute('role', 'alert');
    noVoice.hidden = true;
    const status = el('p', 'listen-status');
    status.id = 'listen-status';
    status.setAttribute('role', 'status');
    const keys = el('p', 'listen-keys');
    keys.id = 'listen-keys';
    keys.append(el('span', 'listen-keys-title', 'Keyboard: '));
    SHORTCUTS.forEach((s, i) => {
      if (i) keys.append(' · ');
      keys.append(el('kbd', '', s.label), ` ${s.says}, `, el('kbd', '', s.shiftLabel), ` ${s.shiftSays}`);
    });
    keys.append(' · click a sentence to start there');

    const head = el('div', 'listen-head');
    head.append(controls, close);
    bar.append(head, noVoice, options, status, keys);
    document.body.append(bar);

    ui = { toggle, bar, play, voice, rate, rateOut, pitch, pitchOut, captions, code, noVoice, status };

    toggle.addEventListener('click', () => setOpen(bar.hidden));
    close.addEventListener('click', () => { setOpen(false); toggle.focus(); });
    play.addEventListener('click', () => act('toggle'));
    stop.addEventListener('click', () => act('stop'));
    prev.addEventListener('click', () => act('previous'));
    next.addEventListener('click', () => act('next'));
    prevPara.addEventListener('click', () => act('previousParagraph'));
    nextPara.addEventListener('click', () => act('nextParagraph'));
    rate.addEventListener('input', () => saveAndUse({ rate: Number(rate.value) }));
    pitch.addEventListener('input', () => saveAndUse({ pitch: Number(pitch.value) }));
    captions.addEventListener('change', () => saveAndUse({ captions: captions.checked }));
    code.addEventListener('change', () => saveAndUse({ skipCode: code.checked }));
    voice.addEventListener('change', () => {
      saveAndUse({ voices: { ...settings.voices, [primary(lang)]: voice.value } });
    });
    engine.onVoicesChanged(fillVoices);
    fillVoices();
    showSettings();
    showState(player.state);
  }

  function saveAndUse(change) {
    const next = { ...settings, ...change };
    useSettings(next);
    saveSettings(next);
    // A change of speed or voice takes effect at once: the sentence starts again.
    if (player.state === 'playing' && !('captions' in change) && !('skipCode' in change)) player.play(player.index);
  }

  function setOpen(open) {
    if (!ui) return;
    ui.bar.hidden = !open;
    ui.toggle.setAttribute('aria-expanded', String(open));
    document.documentElement.classList.toggle('listen-open', open);
    if (!open) player.pause();
  }

  /** Runs a player action (from a button or a shortcut). */
  function act(action) {
    if (!ui || !spoken.length) return;
    if (ui.bar.hidden) setOpen(true);
    if ((action === 'toggle') && ui.play.disabled) {
      say(ui.noVoice.textContent);
      return;
    }
    player[action]();
  }

  function showState(state) {
    if (!ui) return;
    ui.bar.dataset.state = state;
    ui.play.textContent = state === 'playing' ? 'Pause' : state === 'paused' ? 'Resume' : 'Play';
    say(state === 'playing' ? 'Reading aloud' : state === 'paused' ? 'Paused' : '');
  }

  // ------------------------------------------------------------ input

  /** A click on a sentence (Listen open, not on a link, no text selected) starts there. */
  function onBodyClick(e) {
    if (!ui || ui.bar.hidden || e.button !== 0 || e.defaultPrevented) return;
    if (e.target.closest && e.target.closest('a, button, input, select, summary')) return;
    const selection = getSelection();
    if (selection && !selection.isCollapsed) return;
    let node = e.target;
    while (node && node.nodeType === Node.ELEMENT_NODE && !markOf.has(node)) node = node.parentElement;
    const para = paragraphs.findIndex((p) => p.el === node);
    if (para < 0) return;
    const offset = clickOffset(paragraphs[para].map, e.clientX, e.clientY);
    let at = spoken.findIndex((s) => s.para === para && s.start !== null && offset !== null && offset >= s.start && offset < s.end);
    if (at < 0) at = spoken.findIndex((s) => s.para === para);
    if (at < 0 || ui.play.disabled) return;
    player.startAt(at);
  }

  /** The text offset under the pointer, or null. */
  function clickOffset(map, x, y) {
    let node = null;
    let offset = 0;
    if (document.caretPositionFromPoint) {
      const p = document.caretPositionFromPoint(x, y);
      if (p) ({ offsetNode: node, offset } = p);
    } else if (document.caretRangeFromPoint) {
      const r = document.caretRangeFromPoint(x, y);
      if (r) { node = r.startContainer; offset = r.startOffset; }
    }
    const part = map.parts.find((p) => p.node === node);
    return part ? part.start + offset : null;
  }

  document.addEventListener('keydown', (e) => {
    if (!e.altKey || e.ctrlKey || e.metaKey || e.isComposing || !ui || ui.toggle.hidden) return;
    if (document.querySelector('dialog[open]')) return;
    const s = SHORTCUTS.find((x) => x.code === e.code);
    if (!s) return;
    e.preventDefault();
    act(e.shiftKey ? s.shift : s.action);
  });

  // Closing the reader (back to the page, another address, the tab closed) stops speech.
  addEventListener('pagehide', () => engine.cancel());

  chrome.storage.onChanged.addListener((changes, area) => {
    if (area === 'local' && changes[PITH_LISTEN_KEY]) {
      const next = S.normalizeListen(changes[PITH_LISTEN_KEY].newValue);
      if (JSON.stringify(next) !== JSON.stringify(settings)) useSettings(next);
    }
  });
  chrome.storage.local.get(PITH_LISTEN_KEY).then((items) => useSettings(items[PITH_LISTEN_KEY] ?? settings), () => {});

  return Object.freeze({ mark, rendered, player, SENTENCE_HIGHLIGHT, WORD_HIGHLIGHT, CODE_SKIPPED });
})();
