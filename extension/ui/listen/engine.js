// The speech engine the Listen player talks to: a small interface over the
// browser's speech synthesis (Web Speech API, §4.2 "SpeechSynthesis"), so
// the player never touches speechSynthesis itself and tests can put a fake
// engine in its place.
//
// Engine interface:
//   available: boolean                   whether the engine can speak at all
//   voices(): Voice[]                    {id, name, lang, isDefault, local}
//   onVoicesChanged(callback)            called when the voice list changes
//   speak({text, lang, voiceId, rate, pitch}, {onStart, onBoundary, onEnd, onError})
//        onBoundary({name: 'word'|'sentence', charIndex, charLength}); charIndex
//        and charLength in UTF-16 units of `text`; onError(message)
//   cancel()                             drops what is spoken and queued
//
// Test hook: when `globalThis.__pithTestSpeechEngine` is set before this
// script runs (only the end-to-end tests set it, with Playwright's
// addInitScript; web pages cannot reach an extension page's globals), that
// object is the engine. The shipped extension never sets it.

// eslint-disable-next-line no-var
var PithSpeechEngine = (() => {
  'use strict';

  /** The browser's engine (speechSynthesis), or an unavailable one. */
  function browserEngine() {
    const synth = globalThis.speechSynthesis;
    const Utterance = globalThis.SpeechSynthesisUtterance;
    if (!synth || !Utterance) {
      return { available: false, voices: () => [], onVoicesChanged() {}, speak() {}, cancel() {} };
    }
    const byId = new Map();
    // The utterance being spoken, kept referenced until it ends: Chromium
    // has been widely reported to collect an unreferenced utterance while it
    // speaks and then fire no 'end' event.
    let speaking = null;
    const voices = () => {
      byId.clear();
      return synth.getVoices().map((v) => {
        byId.set(v.voiceURI, v);
        return { id: v.voiceURI, name: v.name, lang: v.lang, isDefault: v.default, local: v.localService };
      });
    };
    return {
      available: true,
      voices,
      onVoicesChanged(callback) { synth.addEventListener('voiceschanged', () => callback()); },
      speak({ text, lang, voiceId, rate, pitch }, on) {
        const u = new Utterance(text);
        if (!byId.size) voices();
        const voice = voiceId && byId.get(voiceId);
        if (voice) u.voice = voice;
        if (lang) u.lang = voice ? voice.lang : lang;
        u.rate = rate;
        u.pitch = pitch;
        u.onstart = () => on.onStart && on.onStart();
        u.onboundary = (e) => on.onBoundary && on.onBoundary({ name: e.name, charIndex: e.charIndex, charLength: e.charLength });
        u.onend = () => { if (speaking === u) speaking = null; if (on.onEnd) on.onEnd(); };
        u.onerror = (e) => { if (speaking === u) speaking = null; if (on.onError) on.onError(e.error || 'error'); };
        speaking = u;
        synth.speak(u);
      },
      cancel() { speaking = null; synth.cancel(); },
    };
  }

  /** The engine to use: the test's, or the browser's. */
  function create() {
    const test = globalThis.__pithTestSpeechEngine;
    return test && typeof test.speak === 'function' ? test : browserEngine();
  }

  return Object.freeze({ create, browserEngine });
})();
