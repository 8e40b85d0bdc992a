// The reader view. It renders the article stored by the background under the
// `key` in its URL (a StoredArticle, see messages.js) from its typed blocks,
// with DOM APIs only: page content is only ever text (textContent, text
// nodes) or an allow-listed, re-checked attribute (link href, image src);
// nothing of the page's markup, scripts or styles comes here.

(() => {
  'use strict';

  const X = PithExport;
  const S = PithSettings;
  const $ = (id) => document.getElementById(id);

  const main = $('reader');
  const backLink = $('back');
  const settingsButton = $('settings-button');
  const dialog = $('settings');
  const exportGroup = $('export');
  const about = $('about');
  const announcer = $('announce');

  /**
   * How long after history.back() the reader waits before loading the source
   * page itself (ms): a same-tab back navigation starts well within this, so
   * the fallback only runs when back did nothing (no earlier entry).
   */
  const BACK_FALLBACK_MS = 800;

  /** How long a download's Blob URL is kept (ms): the download has started by then. */
  const BLOB_URL_LIFETIME_MS = 60000;

  /**
   * How long the reader waits for an article the background is still
   * scoring (StoredArticle.pending; ms). The background's core takes 30-40
   * ms at the median page and about a second on the largest page it scores
   * (20,000 elements); it stores the article well within this unless its
   * worker was stopped mid-score.
   */
  const PENDING_TIMEOUT_MS = 20000;

  const list = (v) => (Array.isArray(v) ? v : []);
  const str = (v) => (typeof v === 'string' ? v : v == null ? '' : String(v));

  /** The StoredArticle shown, once read. */
  let stored = null;
  /** The reader settings in force. */
  let settings = S.cached();
  /** Whether the user asked to see the blocks of a page that is not an article. */
  let revealed = false;
  /** The origin for "always open", when the source is a web page. */
  let origin = null;

  /** Creates an element with an optional class and text. */
  function el(tag, className, text) {
    const e = document.createElement(tag);
    if (className) e.className = className;
    if (text !== undefined) e.textContent = text;
    return e;
  }

  /** Says something to screen-reader users (and shows it in the footer). */
  function announce(message) {
    announcer.textContent = '';
    // A fresh text node in a live region is announced even if it repeats.
    setTimeout(() => { announcer.textContent = message; }, 50);
  }

  /** Tells Listen (listen/listen.js) that `node` was rendered from a spoken block. */
  function speakable(node, block, kind) {
    if (globalThis.PithListen) PithListen.mark(node, block, kind);
  }

  function hostOf(url) {
    try { return new URL(url).hostname || url; } catch { return url; }
  }

  // ------------------------------------------------------------ inline runs

  const INLINE_TAGS = { emphasis: 'em', strong: 'strong', code: 'code', sub: 'sub', sup: 'sup' };

  /** Appends inline runs to `parent`; a link to anything but http, https or mailto becomes its text. */
  function renderInlines(inlines, parent, depth = 0) {
    for (const r of list(inlines)) {
      if (!r || typeof r !== 'object') continue;
      if (depth >= X.MAX_DEPTH) { parent.append(X.inlineText([r])); continue; }
      if (r.kind === 'text') parent.append(str(r.text));
      else if (r.kind === 'break') parent.append(el('br'));
      else if (r.kind === 'link') {
        const href = X.safeLinkUrl(r.href);
        if (!href) { renderInlines(r.children, parent, depth + 1); continue; }
        const a = el('a');
        a.href = href;
        a.rel = 'noopener noreferrer';
        renderInlines(r.children, a, depth + 1);
        if (!a.textContent.trim()) a.textContent = href;
        parent.append(a);
      } else if (INLINE_TAGS[r.kind]) {
        const e = el(INLINE_TAGS[r.kind]);
        renderInlines(r.children, e, depth + 1);
        parent.append(e);
      } else {
        renderInlines(r.children, parent, depth + 1);
      }
    }
  }

  // ----------------------------------------------------------------- blocks

  /** `ctx`: {top: the article's highest heading level, images: bool, tables: count so far}. */
  function renderBlocks(blocks, parent, ctx, depth = 0) {
    for (const block of list(blocks)) {
      if (!block || typeof block !== 'object') continue;
      const node = depth > X.MAX_DEPTH ? el('p', '', X.blockText(block)) : renderBlock(block, ctx, depth);
      if (node) parent.append(node);
    }
  }

  function renderBlock(block, ctx, depth) {
    switch (block.kind) {
      case 'heading': {
        const h = el(`h${X.renderedLevel(block.level, ctx.top)}`);
        renderInlines(X.inlinesOf(block), h);
        if (!h.textContent.trim()) return null;
        speakable(h, block);
        return h;
      }
      case 'paragraph': {
        const p = el('p', block.role === 'postHeader' ? 'post-header' : undefined);
        renderInlines(X.inlinesOf(block), p);
        if (!p.childNodes.length) return null;
        speakable(p, block);
        return p;
      }
      case 'list': return renderList(block, ctx, depth);
      case 'quote': {
        const q = el('blockquote');
        renderBlocks(block.blocks, q, ctx, depth + 1);
        return q;
      }
      case 'code': return renderCode(block);
      case 'table': return renderTable(block, ctx);
      case 'figure': return renderFigure(block, ctx);
      case 'rule': return el('hr');
      case 'definitions': return renderDefinitions(block.items);
      default: {
        // A kind this reader does not know (a newer core): its text, if any.
        if (Array.isArray(block.blocks)) {
          const div = el('div');
          renderBlocks(block.blocks, div, ctx, depth + 1);
          return div;
        }
        return block.text ? el('p', '', str(block.text)) : null;
      }
    }
  }

  function renderList(block, ctx, depth) {
    const ordered = !!block.ordered;
    const l = el(ordered ? 'ol' : 'ul');
    if (ordered && Number.isInteger(block.start) && block.start !== 1) l.setAttribute('start', String(block.start));
    for (const item of list(block.items)) {
      const li = el('li');
      const blocks = list(item && item.blocks);
      const paragraphs = blocks.filter((b) => b && b.kind === 'paragraph');
      const others = blocks.filter((b) => b && b.kind !== 'paragraph' && b.kind !== 'list');
      if (paragraphs.length === 1 && others.length === 0 && blocks[0] === paragraphs[0]) {
        // A tight item: its text straight in the <li>, then any nested lists.
        renderInlines(X.inlinesOf(paragraphs[0]), li);
        speakable(li, paragraphs[0]);
        renderBlocks(blocks.slice(1), li, ctx, depth + 1);
      } else {
        renderBlocks(blocks, li, ctx, depth + 1);
      }
      l.append(li);
    }
    return l;
  }

  function renderCode(block) {
    const wrap = el('div', 'code-block');
    const lang = X.safeLang(block.lang);
    if (lang) wrap.append(el('span', 'code-lang', lang));
    const pre = el('pre');
    pre.tabIndex = 0; // keyboard users can scroll it
    const code = el('code', lang ? `language-${lang}` : '', str(block.text));
    pre.append(code);
    wrap.append(pre);
    speakable(wrap, block, 'code');
    return wrap;
  }

  function renderTable(block, ctx) {
    ctx.tables += 1;
    const table = el('table');
    const caption = el('caption');
    renderInlines(block.caption, caption);
    if (caption.textContent.trim()) { table.append(caption); speakable(caption, { inlines: block.caption }); }
    const rows = list(block.rows);
    let headCount = 0;
    while (headCount < rows.length && rows[headCount] && rows[headCount].head) headCount++;
    const sections = [[el('thead'), rows.slice(0, headCount)], [el('tbody'), rows.slice(headCount)]];
    for (const [section, sectionRows] of sections) {
      for (const row of sectionRows) {
        const tr = el('tr');
        for (const cell of list(row && row.cells)) {
          if (!cell || typeof cell !== 'object') continue;
          const c = el(cell.header ? 'th' : 'td');
          const cs = X.clampSpan(cell.colspan);
          const rs = X.clampSpan(cell.rowspan);
          if (cs > 1) c.setAttribute('colspan', String(cs));
          if (rs > 1) c.setAttribute('rowspan', String(rs));
          if (cell.header) c.setAttribute('scope', section.localName === 'thead' ? (cs > 1 ? 'colgroup' : 'col') : 'row');
          renderInlines(X.inlinesOf(cell), c);
          speakable(c, cell);
          tr.append(c);
        }
        section.append(tr);
      }
      if (section.childElementCount) table.append(section);
    }
    // A region that scrolls sideways: focusable and named, for keyboard and screen-reader users.
    const wrap = el('div', 'table-scroll');
    wrap.setAttribute('role', 'region');
    wrap.setAttribute('aria-label', caption.textContent.trim() ? `Table: ${caption.textContent.trim()}` : `Table ${ctx.tables}`);
    wrap.tabIndex = 0;
    wrap.append(table);
    return wrap;
  }

  /**
   * A figure. Images load lazily with no referrer (the page's address is not
   * told to image hosts); credentials follow the browser's defaults for
   * images (an anonymous CORS request would break the many hosts that send
   * no CORS headers). With "Show images" off no <img> is created at all, so
   * nothing is requested: the alt text stands in its place.
   */
  function renderFigure(block, ctx) {
    const figure = el('figure');
    for (const image of list(block.images)) {
      if (!image || typeof image !== 'object') continue;
      const src = X.safeImageUrl(image.src);
      const alt = str(image.alt).replace(/\s+/g, ' ').trim();
      if (src && ctx.images) {
        const img = el('img');
        img.alt = alt;
        const w = X.imageDimension(image.width);
        const h = X.imageDimension(image.height);
        if (w) img.setAttribute('width', String(w));
        if (h) img.setAttribute('height', String(h));
        img.loading = 'lazy'; // before src, or the image loads at once
        img.decoding = 'async';
        img.referrerPolicy = 'no-referrer';
        img.addEventListener('error', () => img.replaceWith(imagePlaceholder(alt, 'Image could not be loaded')), { once: true });
        img.src = src;
        figure.append(img);
      } else if (src) {
        figure.append(imagePlaceholder(alt, 'Image hidden (Show images is off)'));
      } else if (alt) {
        figure.append(imagePlaceholder(alt, 'Image not shown'));
      }
    }
    const caption = el('figcaption');
    renderInlines(block.caption, caption);
    if (caption.textContent.trim()) { figure.append(caption); speakable(caption, block, 'caption'); }
    return figure.childElementCount ? figure : null;
  }

  function imagePlaceholder(alt, note) {
    const p = el('p', 'image-placeholder');
    p.append(el('span', 'image-note', note));
    if (alt) p.append(el('span', 'image-alt', alt));
    return p;
  }

  function renderDefinitions(items) {
    const dl = el('dl');
    for (const item of list(items)) {
      if (!item || typeof item !== 'object') continue;
      const dt = el('dt');
      renderInlines(item.term, dt);
      speakable(dt, { inlines: item.term });
      dl.append(dt);
      for (const details of list(item.details)) {
        const dd = el('dd');
        renderInlines(details, dd);
        speakable(dd, { inlines: details });
        dl.append(dd);
      }
    }
    return dl.childElementCount ? dl : null;
  }

  /**
   * Product records (attribute: value) as a "Specifications" section: those
   * the article does not show already (X.listedRecords).
   */
  function renderRecords(records) {
    const items = X.listedRecords(records);
    if (!items.length) return null;
    const section = el('section', 'records');
    const h = el('h2', '', 'Specifications');
    h.id = 'specifications';
    section.setAttribute('aria-labelledby', h.id);
    const dl = el('dl');
    for (const r of items) dl.append(el('dt', '', str(r.name)), el('dd', '', str(r.value)));
    section.append(h, dl);
    return section;
  }

  // ----------------------------------------------------------------- header

  /** The published date as the article's language writes it, or as given. */
  function formatDate(value, lang) {
    const text = str(value).trim();
    const t = Date.parse(text);
    if (!text || !Number.isFinite(t)) return { text };
    // A date without a time is midnight UTC: format it in UTC, or it may show the day before.
    const options = { dateStyle: 'long', ...(/^\d{4}-\d{2}-\d{2}$/.test(text) ? { timeZone: 'UTC' } : {}) };
    let format;
    try { format = new Intl.DateTimeFormat(lang || undefined, options); } catch { format = new Intl.DateTimeFormat(undefined, options); }
    return { text: format.format(t), iso: new Date(t).toISOString() };
  }

  function sourceAnchor(text, className) {
    const src = X.safePageUrl(stored.sourceUrl);
    if (!src) return el('span', className, text);
    const a = el('a', className, text);
    a.href = src;
    a.rel = 'noopener noreferrer';
    return a;
  }

  /** Whether two names are the same but for case, spacing and punctuation. */
  const sameName = (a, b) => {
    const key = (x) => str(x).toLowerCase().replace(/[\s\p{P}\p{S}]+/gu, '');
    return key(a) !== '' && key(a) === key(b);
  };

  /**
   * The title, site, byline, date and reading time. `text`: the article's
   * text is shown (not the notice), so its reading time means something.
   */
  function renderHeader(ex, lang, text) {
    const head = el('header', 'article-head');
    const site = el('p', 'site');
    site.append(sourceAnchor(str(ex.siteName).trim() || hostOf(stored.sourceUrl)));
    const title = el('h1', 'title', articleTitle(ex));
    speakable(title, {}, 'title');
    head.append(site, title);
    // A byline that is the site's name, shown just above, is not said twice.
    if (str(ex.byline).trim() && !sameName(ex.byline, ex.siteName)) head.append(el('p', 'byline', str(ex.byline).trim()));
    const meta = el('p', 'meta');
    if (str(ex.publishedTime).trim()) {
      const date = formatDate(ex.publishedTime, lang);
      const time = el('time', 'published', date.text);
      if (date.iso) time.dateTime = date.iso;
      meta.append(time);
    }
    if (text && Number(ex.wordCount) > 0) {
      const readingTime = el('span', 'reading-time');
      readingTime.append(english(`${X.readingMinutes(ex.wordCount)} min read`));
      meta.append(readingTime);
    }
    const original = sourceAnchor('', 'view-original');
    if (original.localName === 'a') {
      original.append(english('View original'));
      meta.append(original);
    }
    head.append(meta);
    return head;
  }

  /** Pith's own words: English, left-to-right and isolated, also inside a right-to-left article. */
  function english(words) {
    const span = el('span', '', words);
    span.lang = 'en';
    span.dir = 'ltr';
    return span;
  }

  function articleTitle(ex) {
    return str(ex.headline).trim() || str(ex.title).trim() || str(stored.sourceTitle).trim() || hostOf(stored.sourceUrl) || 'Untitled';
  }

  // --------------------------------------------------------------- messages

  /** Replaces the page's content by a message (never a blank page). */
  function showMessage(title, details, extra) {
    main.replaceChildren();
    const section = el('section', 'message');
    section.lang = 'en';
    const h = el('h1', '', title);
    section.append(h);
    for (const d of details) if (d) section.append(el('p', 'status error', d));
    if (extra) section.append(extra);
    main.append(section);
    main.dataset.state = 'error';
    document.title = `${title} – Pith`;
    exportGroup.hidden = true;
  }

  /** ReaderExtraction.shows's values (extension/messages.js). */
  const SHOWS = new Set(['article', 'content', 'notice']);

  /** The line over a page shown without long running text, by page kind. */
  const CONTENT_NOTE = {
    article: 'No long running text on this page: this is what Pith found.',
    service: 'A service page: Pith shows its sections.',
    product: 'A product page: Pith shows its description and details.',
    collection: 'A collection page: Pith shows its items.',
    forum: 'A discussion: Pith shows its posts.',
    listing: 'A listing: Pith shows its entries.',
    documentation: 'A documentation page: Pith shows its text.',
  };

  const ERROR_TEXT = {
    restricted: 'Pith can’t read browser pages, the web store or PDFs.',
    'not-html': 'This is not a web page Pith can read: it is an image, a text file or an XML document.',
  };

  function showError(result) {
    const reason = result && result.reason;
    const lines = [];
    if (ERROR_TEXT[reason]) lines.push(ERROR_TEXT[reason]);
    else lines.push(`Pith could not read this page: ${str(result && result.error) || 'no details'}.`);
    showMessage('Pith can’t show this page', lines);
  }

  // ----------------------------------------------------------------- render

  /** The article in a form the exporters take. */
  function exportArticle() {
    const ex = stored.result.extraction || {};
    return {
      title: articleTitle(ex),
      byline: ex.byline,
      siteName: ex.siteName,
      sourceUrl: stored.sourceUrl,
      publishedTime: ex.publishedTime,
      lang: ex.lang,
      dir: ex.dir,
      blocks: ex.blocks,
      records: ex.records,
    };
  }

  /** Renders the stored article (or its message) into <main>. */
  function render() {
    const result = stored && stored.result;
    if (!result || typeof result !== 'object') {
      showMessage('Pith can’t show this page', ['The stored article is incomplete; open the page and click Pith again.']);
      return;
    }
    if (!result.ok) { showError(result); return; }
    const ex = result.extraction && typeof result.extraction === 'object' ? result.extraction : {};
    const lang = X.safeLangTag(ex.lang);
    const dir = X.safeDir(ex.dir);
    document.documentElement.lang = lang || 'en';
    document.title = articleTitle(ex);

    const article = el('article', 'article');
    if (lang) article.lang = lang;
    if (dir) article.dir = dir;
    // The core's verdict (ReaderExtraction.shows); an older stored article
    // has only `readerable`.
    const shows = SHOWS.has(ex.shows) ? ex.shows : ex.readerable === false ? 'notice' : 'article';
    const isArticle = shows !== 'notice';
    article.append(renderHeader(ex, lang, isArticle || revealed));

    const body = el('div', 'article-body');
    body.id = 'article-body';
    body.tabIndex = -1; // focus lands here when the user reveals a non-article's text
    const blocks = list(ex.blocks);
    // Nothing found (a shell its scripts would fill, a page of links):
    // the notice says so, with no button that would reveal nothing.
    const found = blocks.length > 0 || list(ex.records).length > 0;
    if (!isArticle && !revealed) {
      const notice = el('div', 'notice');
      notice.lang = 'en';
      notice.append(el('p', 'notice-title', found ? 'This page doesn’t look like an article.' : 'Pith found no article on this page.'));
      if (str(ex.readerableReason).trim()) notice.append(el('p', 'notice-reason', `Pith says: ${str(ex.readerableReason).trim()}`));
      if (found) {
        const button = el('button', 'tool', 'Show what Pith found');
        button.type = 'button';
        button.addEventListener('click', () => {
          revealed = true;
          render();
          $('article-body').focus();
        });
        notice.append(button);
      }
      body.append(notice);
    } else {
      // Content without long running text (a collection's items, a
      // service's sections) says what kind of page Pith took it for.
      const kind = str(ex.pageType && ex.pageType.kind);
      const line = !isArticle ? 'Not an article: this is the best candidate Pith found.'
        : shows === 'content' ? (Object.hasOwn(CONTENT_NOTE, kind) ? CONTENT_NOTE[kind] : CONTENT_NOTE.article) : '';
      if (line) {
        const note = el('p', 'notice notice-inline', line);
        note.lang = 'en';
        body.append(note);
      }
      const ctx = { top: X.topHeadingLevel(blocks), images: settings.images, tables: 0 };
      renderBlocks(blocks, body, ctx);
      const records = renderRecords(ex.records);
      if (records) body.append(records);
      if (!body.querySelector(':not(.notice)')) {
        const empty = el('p', 'notice', 'No text was found on this page.');
        empty.lang = 'en';
        body.append(empty);
      }
    }
    article.append(body);
    main.replaceChildren(article);
    // For tests and tools: what the reader shows (ready: an article or the
    // revealed best candidate; not-readerable: the notice; error: a message).
    main.dataset.state = !isArticle && !revealed ? 'not-readerable' : 'ready';
    if (globalThis.PithListen && main.dataset.state === 'ready') PithListen.rendered(body, { lang, key: new URLSearchParams(location.search).get('key') });
    exportGroup.hidden = !isArticle && !revealed;

    const timing = result.timing && Number.isFinite(result.timing.extractMs) ? ` in ${result.timing.extractMs.toFixed(1)} ms` : '';
    const how = result.path === 'js-walker' ? 'read by the JS walker and scored by the wasm core' : 'read in the page by the wasm core';
    about.textContent = `${Number(ex.wordCount) || 0} words · ${how}${timing}`;
  }

  /** Renders, and turns any error into a message instead of a broken page. */
  function safeRender() {
    try {
      performance.mark('pith-render-start');
      render();
      // The bench reads these (tests/eval/bench.mjs): the reader's own time.
      performance.mark('pith-render-end');
    } catch (e) {
      console.error('Pith reader:', e);
      showMessage('Pith can’t show this page', [`The reader failed to show this article: ${e && e.message}`]);
    }
  }

  // ------------------------------------------------------- returning to page

  async function returnToPage() {
    let reply = null;
    try { reply = await chrome.runtime.sendMessage({ type: PithMessages.UI_BG_RETURN }); } catch { reply = null; }
    if (reply && reply.ok) return;
    const src = stored && X.safePageUrl(stored.sourceUrl);
    if (history.length > 1) {
      history.back();
      if (src) setTimeout(() => { location.href = src; }, BACK_FALLBACK_MS);
    } else if (src) {
      location.href = src;
    } else {
      announce('There is no page to go back to.');
    }
  }

  backLink.addEventListener('click', (e) => {
    if (e.button !== 0 || e.ctrlKey || e.metaKey || e.shiftKey || e.altKey) return; // new tab or window: the link as is
    e.preventDefault();
    returnToPage();
  });

  document.addEventListener('keydown', (e) => {
    if (e.key !== 'Escape' || e.defaultPrevented || e.isComposing || dialog.open) return;
    e.preventDefault();
    returnToPage();
  });

  // --------------------------------------------------------------- settings

  const controls = {
    theme: [...document.querySelectorAll('input[name="theme"]')],
    font: [...document.querySelectorAll('input[name="font"]')],
    size: $('size'),
    lineHeight: $('line-height'),
    width: $('width'),
    images: $('images'),
  };
  const outputs = {
    size: [$('size-value'), (v) => `${v} px`],
    lineHeight: [$('line-height-value'), (v) => v.toFixed(1)],
    width: [$('width-value'), (v) => `${v} ch`],
  };
  for (const name of ['size', 'lineHeight', 'width']) {
    const { min, max, step } = S.LIMITS[name];
    Object.assign(controls[name], { min, max, step });
  }

  /** Shows `settings` in the panel's controls. */
  function showSettings() {
    for (const name of ['theme', 'font']) for (const r of controls[name]) r.checked = r.value === settings[name];
    for (const name of ['size', 'lineHeight', 'width']) {
      controls[name].value = String(settings[name]);
      const [output, format] = outputs[name];
      output.textContent = format(settings[name]);
      controls[name].setAttribute('aria-valuetext', format(settings[name]));
    }
    controls.images.checked = settings.images;
  }

  /** Takes new settings: applies them, re-renders when images were switched. */
  function useSettings(next) {
    const before = settings;
    settings = S.apply(next);
    showSettings();
    if (stored && before.images !== settings.images) {
      const y = window.scrollY;
      safeRender();
      window.scrollTo(0, y);
    }
  }

  function saveSettings(next) {
    useSettings(next);
    chrome.storage.local.set({ [PITH_SETTINGS_KEY]: settings }).catch((e) => announce(`Settings not saved: ${e.message}`));
  }

  dialog.addEventListener('input', (e) => {
    const t = e.target;
    if (!t || !t.name) return;
    if (t.name === 'theme' || t.name === 'font') saveSettings({ ...settings, [t.name]: t.value });
    else if (t.name === 'images') saveSettings({ ...settings, images: t.checked });
    else if (t.name in outputs) saveSettings({ ...settings, [t.name]: Number(t.value) });
  });
  $('settings-reset').addEventListener('click', () => { saveSettings(S.DEFAULTS); announce('Settings reset to defaults'); });

  settingsButton.addEventListener('click', () => {
    showSettings();
    // Under the button: its distance from the window's right edge (the toolbar is always ltr).
    const right = Math.max(16, document.documentElement.clientWidth - settingsButton.getBoundingClientRect().right);
    dialog.style.setProperty('inset-inline-end', `${Math.round(right)}px`);
    dialog.showModal();
    settingsButton.setAttribute('aria-expanded', 'true');
  });
  $('settings-close').addEventListener('click', () => dialog.close());
  // A click on the backdrop (outside the panel) closes it too.
  dialog.addEventListener('click', (e) => { if (e.target === dialog) dialog.close(); });
  // Escape closes a modal dialog by itself ('cancel', then 'close').
  dialog.addEventListener('close', () => {
    settingsButton.setAttribute('aria-expanded', 'false');
    settingsButton.focus();
  });

  chrome.storage.onChanged.addListener((changes, area) => {
    if (area !== 'local') return;
    if (changes[PITH_SETTINGS_KEY]) {
      const next = S.normalize(changes[PITH_SETTINGS_KEY].newValue);
      if (JSON.stringify(next) !== JSON.stringify(settings)) useSettings(next);
    }
    if (changes[PITH_ALWAYS_OPEN_KEY] && origin) {
      showAlwaysOpen(list(changes[PITH_ALWAYS_OPEN_KEY].newValue).includes(origin));
    }
  });

  // ------------------------------------------------------------ always open

  const alwaysOpen = $('always-open');
  const alwaysOpenStatus = $('always-open-status');

  function showAlwaysOpen(on) {
    alwaysOpen.checked = on;
  }

  function setupAlwaysOpen() {
    const src = X.safePageUrl(stored.sourceUrl);
    if (!src) return;
    origin = new URL(src).origin;
    $('always-open-label').textContent = `Always open ${new URL(src).host} in reader view`;
    $('always-open-row').hidden = false;
    chrome.storage.local.get(PITH_ALWAYS_OPEN_KEY).then((items) => {
      showAlwaysOpen(list(items[PITH_ALWAYS_OPEN_KEY]).includes(origin));
    }, () => {});
  }

  async function sendAlwaysOpen(on) {
    try {
      const reply = await chrome.runtime.sendMessage({ type: PithMessages.UI_BG_SET_ALWAYS_OPEN, origin, on });
      if (reply && reply.ok) return null;
      return (reply && reply.error) || 'Pith did not answer';
    } catch (e) {
      return e.message;
    }
  }

  alwaysOpen.addEventListener('change', async () => {
    if (!origin) return;
    const host = new URL(origin).host;
    alwaysOpenStatus.textContent = '';
    if (alwaysOpen.checked) {
      // Asked for in the click itself: the browser only shows the request during a user gesture.
      let granted = false;
      try {
        granted = await chrome.permissions.request({ origins: [`${origin}/*`] });
      } catch (e) {
        alwaysOpenStatus.textContent = `Could not ask for access to ${host}: ${e.message}`;
      }
      if (!granted) {
        alwaysOpen.checked = false;
        if (!alwaysOpenStatus.textContent) alwaysOpenStatus.textContent = `Pith needs access to ${host} to open its pages in reader view.`;
        return;
      }
      const error = await sendAlwaysOpen(true);
      if (error) {
        alwaysOpen.checked = false;
        alwaysOpenStatus.textContent = `Could not switch it on: ${error}`;
      } else {
        alwaysOpenStatus.textContent = `Pages of ${host} will open in reader view.`;
      }
    } else {
      const error = await sendAlwaysOpen(false);
      if (error) {
        alwaysOpen.checked = true;
        alwaysOpenStatus.textContent = `Could not switch it off: ${error}`;
      } else {
        alwaysOpenStatus.textContent = `Pages of ${host} will open as usual.`;
      }
    }
  });

  // ----------------------------------------------------------------- export

  function download(text, type, name) {
    const url = URL.createObjectURL(new Blob([text], { type }));
    const a = el('a');
    a.href = url;
    a.download = name;
    a.hidden = true;
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), BLOB_URL_LIFETIME_MS);
    announce(`Saving ${name}`);
  }

  function exporting(what) {
    return () => {
      try {
        what(exportArticle());
      } catch (e) {
        announce(`Could not export the article: ${e.message}`);
      }
    };
  }

  $('save-md').addEventListener('click', exporting((a) => download(X.toMarkdown(a), 'text/markdown;charset=utf-8', X.fileName(a.title, 'md'))));
  $('save-html').addEventListener('click', exporting((a) => download(X.toHtml(a), 'text/html;charset=utf-8', X.fileName(a.title, 'html'))));
  $('copy-md').addEventListener('click', exporting((a) => {
    navigator.clipboard.writeText(X.toMarkdown(a)).then(
      () => announce('Copied the article as Markdown'),
      (e) => announce(`Could not copy: ${e.message}`),
    );
  }));

  // ------------------------------------------------------------------ start

  /**
   * The StoredArticle under `key` once it is no longer pending: the
   * background opened this reader before it had scored the page
   * (service-worker.js handOver) and stores the article when it has; null
   * after PENDING_TIMEOUT_MS. Listening starts before the first read, so
   * that a value stored in between is not missed.
   */
  function articleWhenReady(key) {
    return new Promise((resolve) => {
      let timer = 0;
      const done = (value) => {
        chrome.storage.onChanged.removeListener(changed);
        clearTimeout(timer);
        resolve(value);
      };
      const ready = (value) => value && typeof value === 'object' && !value.pending;
      const changed = (changes, area) => {
        if (area === 'session' && changes[key] && ready(changes[key].newValue)) done(changes[key].newValue);
      };
      chrome.storage.onChanged.addListener(changed);
      timer = setTimeout(() => done(null), PENDING_TIMEOUT_MS);
      chrome.storage.session.get(key).then((s) => { if (ready(s[key])) done(s[key]); }, () => {});
    });
  }

  async function start() {
    const key = new URLSearchParams(location.search).get('key');
    const [local, session] = await Promise.all([
      chrome.storage.local.get(PITH_SETTINGS_KEY).catch(() => ({})),
      key ? chrome.storage.session.get(key) : Promise.resolve({}),
    ]);
    settings = S.apply(S.normalize(local[PITH_SETTINGS_KEY] ?? settings));
    showSettings();
    if (!key) {
      showMessage('No article to show', ['This reader page was opened without an article. Open a web page and click the Pith button.']);
      return;
    }
    stored = session[key];
    if (stored && typeof stored === 'object' && stored.pending) {
      main.dataset.state = 'loading';
      stored = await articleWhenReady(key);
      if (!stored) {
        showMessage('Pith did not finish reading this page', ['Go back to the page and click the Pith button again.']);
        return;
      }
    }
    if (!stored || typeof stored !== 'object') {
      stored = null;
      showMessage('This article is no longer here', ['Pith keeps articles only for a while. Open the page again and click the Pith button.']);
      return;
    }
    const src = X.safePageUrl(stored.sourceUrl);
    if (src) backLink.href = src; // else it stays "#": the click asks the background, or goes back
    setupAlwaysOpen();
    showWhy.hidden = !(src && /^https?:/.test(src));
    safeRender();
  }

  // ---------------------------------------------- show why (the overlay)
  // Returns to the page with the overlay on (UI_BG_SHOW_ON_PAGE). The site's
  // access is asked for in the click, as for "always open": the access the
  // toolbar click gave ended when the reader replaced the page.

  const showWhy = $('show-why');
  showWhy.addEventListener('click', async () => {
    const src = stored && X.safePageUrl(stored.sourceUrl);
    if (!src) return;
    const { origin, host } = new URL(src);
    let granted = false;
    try {
      granted = await chrome.permissions.request({ origins: [`${origin}/*`] });
    } catch (e) {
      announce(`Could not ask for access to ${host}: ${e.message}`);
      return;
    }
    if (!granted) {
      announce(`Pith needs access to ${host} to outline its content.`);
      return;
    }
    const reply = await chrome.runtime.sendMessage({ type: PithMessages.UI_BG_SHOW_ON_PAGE }).catch((e) => ({ error: e.message }));
    if (!reply || !reply.ok) announce(`Could not show the page: ${reply ? reply.error : 'Pith did not answer'}`);
  });

  start().catch((e) => {
    console.error('Pith reader:', e);
    showMessage('Pith can’t show this page', [`The reader could not start: ${e && e.message}`]);
  });
})();
