// Reader settings: defaults, validation, and applying them to the page. A
// classic script loaded in <head>, before the stylesheet is used to paint:
// it applies the last settings this browser saw (a synchronous copy in
// localStorage) at once, so a dark-theme reader does not flash white; the
// reader then reads the real ones from chrome.storage.local (PITH_SETTINGS_KEY).
// Listen's settings (rate, pitch, voices, captions, code) are kept apart, under
// PITH_LISTEN_KEY (normalizeListen), so "Reset to defaults" of the reader's
// look leaves the chosen voices alone.
// Styles are set through the CSSOM only (the page's CSP forbids style attributes
// in markup, not the CSSOM).

// eslint-disable-next-line no-var
var PithSettings = (() => {
  'use strict';

  /** The synchronous copy's localStorage key (this extension's origin only). */
  const CACHE_KEY = 'pith-settings-cache';

  const THEMES = ['system', 'light', 'sepia', 'dark'];
  const FONTS = ['serif', 'sans', 'mono'];

  /**
   * Ranges. Size: 14 px is the smallest comfortable body text on a desktop
   * screen, 32 px large print; 20 px default, the size Firefox Reader View
   * uses at its default zoom. Line height 1.6 default (WCAG 1.4.12 asks that
   * 1.5 be possible; reading modes use 1.5–1.6). Width in ch: 70 ch ≈ 38 em of
   * the serif stack, about 66 characters of text per line (Bringhurst's ideal line).
   */
  const LIMITS = Object.freeze({
    size: { min: 14, max: 32, step: 1, default: 20 },
    lineHeight: { min: 1.2, max: 2.2, step: 0.1, default: 1.6 },
    width: { min: 40, max: 100, step: 5, default: 70 },
  });

  const DEFAULTS = Object.freeze({
    theme: 'system',
    font: 'serif',
    size: LIMITS.size.default,
    lineHeight: LIMITS.lineHeight.default,
    width: LIMITS.width.default,
    images: true,
  });

  /**
   * Listen (issue 9). Rate 0.5×–3× as the issue asks (the Web Speech API
   * allows 0.1–10, "rate" of SpeechSynthesisUtterance; engines clip above
   * about 3×); pitch 0.5–2 of the API's 0–2 (below 0.5 voices grow hard to
   * understand). Captions are read and code blocks skipped (with a spoken
   * mark) unless the user says otherwise.
   */
  const LISTEN_LIMITS = Object.freeze({
    rate: { min: 0.5, max: 3, step: 0.1, default: 1 },
    pitch: { min: 0.5, max: 2, step: 0.1, default: 1 },
  });
  const LISTEN_DEFAULTS = Object.freeze({ rate: 1, pitch: 1, voices: Object.freeze({}), captions: true, skipCode: true });

  /** At most this many remembered voices (one per language): more is a broken value. */
  const MAX_LISTEN_VOICES = 64;

  function clampNumber(value, { min, max, step, default: fallback }) {
    const n = Number(value);
    if (!Number.isFinite(n)) return fallback;
    const stepped = Math.round((Math.min(max, Math.max(min, n)) - min) / step) * step + min;
    return Number(stepped.toFixed(2));
  }

  /** Any stored value made into valid settings (unknown or broken fields get their default). */
  function normalize(raw) {
    const s = raw && typeof raw === 'object' ? raw : {};
    return {
      theme: THEMES.includes(s.theme) ? s.theme : DEFAULTS.theme,
      font: FONTS.includes(s.font) ? s.font : DEFAULTS.font,
      size: clampNumber(s.size, LIMITS.size),
      lineHeight: clampNumber(s.lineHeight, LIMITS.lineHeight),
      width: clampNumber(s.width, LIMITS.width),
      images: typeof s.images === 'boolean' ? s.images : DEFAULTS.images,
    };
  }

  /**
   * Any stored value made into valid Listen settings: {rate, pitch,
   * voices: {language subtag ("de") → voice id (voiceURI)}, captions, skipCode}.
   */
  function normalizeListen(raw) {
    const s = raw && typeof raw === 'object' ? raw : {};
    const voices = {};
    if (s.voices && typeof s.voices === 'object' && !Array.isArray(s.voices)) {
      for (const [lang, id] of Object.entries(s.voices).slice(0, MAX_LISTEN_VOICES)) {
        if (/^([a-z]{2,3})?$/.test(lang) && typeof id === 'string' && id.length <= 500) voices[lang] = id;
      }
    }
    return {
      rate: clampNumber(s.rate, LISTEN_LIMITS.rate),
      pitch: clampNumber(s.pitch, LISTEN_LIMITS.pitch),
      voices,
      captions: typeof s.captions === 'boolean' ? s.captions : LISTEN_DEFAULTS.captions,
      skipCode: typeof s.skipCode === 'boolean' ? s.skipCode : LISTEN_DEFAULTS.skipCode,
    };
  }

  /** Applies settings to <html>: data-theme, data-font and three custom properties. */
  function apply(settings) {
    const s = normalize(settings);
    const root = document.documentElement;
    root.dataset.theme = s.theme;
    root.dataset.font = s.font;
    root.dataset.images = s.images ? 'on' : 'off';
    root.style.setProperty('--reader-size', `${s.size}px`);
    root.style.setProperty('--reader-line-height', String(s.lineHeight));
    root.style.setProperty('--reader-width', `${s.width}ch`);
    try { localStorage.setItem(CACHE_KEY, JSON.stringify(s)); } catch { /* storage off: no early copy */ }
    return s;
  }

  /** The early copy, or the defaults. */
  function cached() {
    try { return normalize(JSON.parse(localStorage.getItem(CACHE_KEY))); } catch { return normalize(null); }
  }

  if (typeof document !== 'undefined') apply(cached());

  return Object.freeze({ THEMES, FONTS, LIMITS, DEFAULTS, normalize, apply, cached, LISTEN_LIMITS, LISTEN_DEFAULTS, normalizeListen });
})();
