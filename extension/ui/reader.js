// The reader view. It renders the article stored by the background under the
// `key` in its URL (a StoredArticle, see messages.js). Page content is only
// ever set as text (textContent), never parsed as markup, and nothing of the
// page's own scripts or styles comes here.

(() => {
  const root = document.getElementById('reader');
  const status = document.getElementById('status');

  /** Creates an element with text content and an optional class. */
  function el(tag, text, className) {
    const e = document.createElement(tag);
    if (text !== undefined) e.textContent = text;
    if (className) e.className = className;
    return e;
  }

  function showError(message) {
    status.textContent = message;
    status.classList.add('error');
  }

  /** A link to the source page, only for web addresses. */
  function sourceLink(url, text) {
    let parsed;
    try { parsed = new URL(url); } catch { return el('span', text); }
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return el('span', text);
    const a = el('a', text);
    a.href = parsed.href;
    a.rel = 'noreferrer';
    return a;
  }

  function hostOf(url) {
    try { return new URL(url).hostname || url; } catch { return url; }
  }

  /**
   * Renders blocks: headings keep their relative levels (the article's
   * highest becomes h2, under the title's h1); consecutive list items share a
   * list and consecutive quotes a blockquote.
   */
  function renderBlocks(blocks, into) {
    const levels = blocks.filter((b) => b.kind === 'heading').map((b) => b.level);
    const top = levels.length ? Math.min(...levels) : 1;
    let list = null;
    let quote = null;
    for (const block of blocks) {
      if (block.kind !== 'listItem') list = null;
      if (block.kind !== 'quote') quote = null;
      switch (block.kind) {
        case 'heading':
          into.append(el(`h${Math.min(6, 2 + block.level - top)}`, block.text));
          break;
        case 'listItem':
          if (!list) { list = el('ul'); into.append(list); }
          list.append(el('li', block.text));
          break;
        case 'quote':
          if (!quote) { quote = el('blockquote'); into.append(quote); }
          quote.append(el('p', block.text));
          break;
        case 'preformatted':
          into.append(el('pre', block.text));
          break;
        case 'caption':
          into.append(el('p', block.text, 'caption'));
          break;
        default:
          into.append(el('p', block.text));
      }
    }
  }

  function render(stored) {
    const { result } = stored;
    if (!result || !result.ok) {
      showError(`Pith could not read this page: ${result ? result.error : 'no result'}`);
      return;
    }
    const ex = result.extraction;
    document.title = ex.title || stored.sourceTitle || 'Pith';
    if (ex.lang) document.documentElement.lang = ex.lang;
    if (ex.dir) root.dir = ex.dir;
    status.remove();

    const head = el('header', undefined, 'article-head');
    const site = el('p', undefined, 'site');
    site.append(sourceLink(stored.sourceUrl, ex.siteName || hostOf(stored.sourceUrl)));
    head.append(site, el('h1', ex.title || stored.sourceTitle));
    if (ex.byline) head.append(el('p', ex.byline, 'byline'));
    root.append(head);

    const article = el('article');
    if (ex.blocks.length === 0) {
      article.append(el('p', 'Pith found no article on this page.', 'status'));
    } else if (!ex.readerable) {
      article.append(el('p', 'This page does not read like an article; here is the text Pith found.', 'status notice'));
    }
    renderBlocks(ex.blocks, article);
    root.append(article);

    const about = el('footer', undefined, 'about');
    const how = result.path === 'wasm' ? 'read in the page by the wasm core' : 'read by the JS walker (the page blocks WebAssembly) and scored by the wasm core';
    about.textContent = `${ex.wordCount} words · ${how} in ${result.timing.extractMs.toFixed(1)} ms`;
    root.append(about);
  }

  const key = new URLSearchParams(location.search).get('key');
  if (!key) {
    showError('Pith: this reader page has no article key.');
    return;
  }
  chrome.storage.session.get(key).then((items) => {
    const stored = items[key];
    if (!stored) showError('Pith: this article is no longer in memory; open the page and click Pith again.');
    else render(stored);
  }, (e) => showError(`Pith: ${e.message}`));
})();
