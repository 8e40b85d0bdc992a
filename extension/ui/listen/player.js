// The Listen player: speaks a list of sentences through an engine
// (engine.js), one utterance per piece, and tells its owner where it is.
// No DOM here: listen.js gives it the sentences and draws what it reports.
//
// A sentence: {para: number (paragraph index), text: string}. Long sentences
// are cut into pieces (pieces()) an engine speaks whole. Pausing cancels the
// utterance and keeps the position; resuming speaks the sentence again from
// its start (speechSynthesis.pause() is unreliable: Chromium's network
// voices do not resume, and Linux engines ignore it).

// eslint-disable-next-line no-var
var PithPlayer = (() => {
  'use strict';

  /**
   * The longest utterance, in characters, at 1× rate. Chromium stops long
   * utterances: its network (non-local) voices cut off "between 200-300
   * characters" and after about 15 seconds of speech (Chromium issue
   * 335907). 200 is the low end of the first; Read Aloud, the Chrome extension,
   * cuts at 36 words (about 200 characters) for the same reason.
   */
  const MAX_UTTERANCE_CHARS = 200;
  /** Seconds of speech an utterance may last, below the 15 s cut-off above. */
  const MAX_UTTERANCE_SECONDS = 12;
  /**
   * Characters spoken per second at 1×: about 150 words a minute (the usual
   * rate of read speech and of engines' default voices) of 5.7 characters
   * with the space (English average word length, 4.7).
   */
  const CHARS_PER_SECOND = 14;
  /** Pieces are never cut shorter than this (a cut mid-phrase sounds worse than a long piece). */
  const MIN_PIECE_CHARS = 60;

  /** The longest piece at `rate`: slower speech takes longer per character. */
  function maxPieceChars(rate) {
    const r = Number.isFinite(rate) && rate > 0 ? rate : 1;
    return Math.max(MIN_PIECE_CHARS, Math.min(MAX_UTTERANCE_CHARS, Math.floor(MAX_UTTERANCE_SECONDS * CHARS_PER_SECOND * r)));
  }

  /**
   * Where a long sentence is cut, best first: after a semicolon, colon or
   * dash, then after a comma (or its CJK and Arabic forms), then at a space.
   */
  const BREAKS = [/[;:—–]\s/g, /[,，、،]\s?/g, /\s/g];

  /**
   * `text` cut into pieces of at most `max` UTF-16 units, each at the last
   * natural break that leaves it at least half as long; a piece without any
   * break is cut hard. Returns [{text, offset}], offset into `text`.
   */
  function pieces(text, max) {
    const out = [];
    let at = 0;
    while (text.length - at > max) {
      const window = text.slice(at, at + max + 1);
      let cut = -1;
      for (const re of BREAKS) {
        re.lastIndex = 0;
        let m;
        while ((m = re.exec(window)) && m.index + m[0].length <= max) {
          if (m.index + m[0].length >= max / 2) cut = m.index + m[0].length;
        }
        if (cut > 0) break;
      }
      if (cut <= 0) cut = max;
      out.push({ text: text.slice(at, at + cut), offset: at });
      at += cut;
    }
    if (at < text.length) out.push({ text: text.slice(at), offset: at });
    return out.filter((p) => p.text.trim());
  }

  /**
   * @param engine  see engine.js
   * @param on  {sentence(index), word(index, start, end), state(state), error(message)}
   *            (start and end: UTF-16 offsets into the sentence's text)
   */
  function create(engine, on = {}) {
    const call = (name, ...args) => { if (typeof on[name] === 'function') on[name](...args); };
    let sentences = [];
    let index = 0;
    let piece = 0;
    let current = [];
    /** 'stopped' | 'playing' | 'paused' */
    let state = 'stopped';
    /** Counts utterances: events of a cancelled one are ignored. */
    let token = 0;
    const voice = { voiceId: null, lang: '', rate: 1, pitch: 1 };

    function setState(s) {
      if (state === s) return;
      state = s;
      call('state', s);
    }

    function speakCurrent() {
      const my = ++token;
      const s = sentences[index];
      if (!s) { finish(); return; }
      if (piece === 0 || !current.length) current = pieces(s.text, maxPieceChars(voice.rate));
      const p = current[piece];
      if (!p) { advance(); return; }
      engine.speak({ text: p.text, lang: voice.lang, voiceId: voice.voiceId, rate: voice.rate, pitch: voice.pitch }, {
        onStart() {},
        onBoundary(e) {
          if (my !== token || !e || e.name === 'sentence') return;
          const from = Number(e.charIndex);
          if (!Number.isFinite(from) || from < 0 || from >= p.text.length) return;
          let length = Number(e.charLength);
          if (!Number.isFinite(length) || length <= 0) {
            const rest = p.text.slice(from).search(/\s/);
            length = rest < 0 ? p.text.length - from : rest;
          }
          call('word', index, p.offset + from, p.offset + Math.min(p.text.length, from + length));
        },
        onEnd() { if (my === token) advance(); },
        onError(message) {
          if (my !== token) return;
          if (message === 'interrupted' || message === 'canceled') return;
          token++;
          setState('stopped');
          call('error', `Speech stopped: ${message}`);
        },
      });
    }

    function advance() {
      piece += 1;
      if (piece < current.length) { speakCurrent(); return; }
      moveTo(index + 1, true, true);
    }

    function finish() {
      token++;
      index = 0;
      piece = 0;
      setState('stopped');
      call('sentence', -1);
    }

    /**
     * Goes to sentence `i`: speaks it when playing, else only shows it.
     * `ended`: the sentence before has ended (nothing to cancel).
     */
    function moveTo(i, speak = state === 'playing', ended = false) {
      if (i >= sentences.length) { finish(); return; }
      index = Math.max(0, i);
      piece = 0;
      current = [];
      call('sentence', index);
      // (The token first: an engine may report the cancelled utterance's end at once.)
      if (speak) {
        token++;
        if (!ended) engine.cancel();
        speakCurrent();
      }
    }

    function paragraphStart(i) {
      let j = i;
      while (j > 0 && sentences[j - 1].para === sentences[i].para) j--;
      return j;
    }

    const api = {
      get state() { return state; },
      get index() { return index; },
      get length() { return sentences.length; },
      /** Replaces the sentences (a new render); stops. */
      load(list, startAt = 0) {
        api.stop();
        sentences = list;
        index = Math.min(Math.max(0, startAt | 0), Math.max(0, list.length - 1));
      },
      /** Voice, language, rate and pitch of the next utterance. */
      configure(next) {
        Object.assign(voice, next);
      },
      play(at = index) {
        if (!sentences.length) return;
        token++;
        engine.cancel();
        setState('playing');
        moveTo(at, true);
      },
      pause() {
        if (state !== 'playing') return;
        token++;
        engine.cancel();
        setState('paused');
      },
      /** Speaks again from the start of the sentence it paused in. */
      resume() {
        if (state === 'paused') api.play(index);
      },
      toggle() {
        if (state === 'playing') api.pause();
        else api.play(index);
      },
      stop() {
        token++;
        engine.cancel();
        index = 0;
        piece = 0;
        setState('stopped');
        call('sentence', -1);
      },
      next() { if (sentences.length) moveTo(Math.min(index + 1, sentences.length - 1)); },
      previous() { if (sentences.length) moveTo(Math.max(0, index - 1)); },
      nextParagraph() {
        if (!sentences.length) return;
        let j = index;
        while (j < sentences.length && sentences[j].para === sentences[index].para) j++;
        if (j < sentences.length) moveTo(j);
      },
      /** To the start of this paragraph, or of the one before when already at its start. */
      previousParagraph() {
        if (!sentences.length) return;
        const start = paragraphStart(index);
        moveTo(start < index ? start : start > 0 ? paragraphStart(start - 1) : 0);
      },
      /** Starts speaking at sentence `i` (a click). */
      startAt(i) { api.play(i); },
      /** Shows sentence `i` without speaking (a restored position). */
      seek(i) { moveTo(i, false); },
    };
    return api;
  }

  return Object.freeze({ create, pieces, maxPieceChars, MAX_UTTERANCE_CHARS, MAX_UTTERANCE_SECONDS, CHARS_PER_SECOND, MIN_PIECE_CHARS });
})();
