// The article model's shared rules (URL checks, heading levels, reading
// time) and its two export formats, Markdown and standalone HTML. A classic
// script with no DOM use: it defines the global `PithExport` in the reader
// page, and the tests load it in node (vm) to check the converters directly.
//
// The article it takes ("ExportArticle"): {title, byline, siteName, sourceUrl,
// publishedTime, lang, dir, blocks: Block[], records} with Block and Inline as
// in messages.js. Every string in it is page text, never markup.

// eslint-disable-next-line no-var
var PithExport = (() => {
  'use strict';

  /**
   * Silent reading rate of English non-fiction, words per minute: Brysbaert,
   * "How many words do we read per minute? A review and meta-analysis of
   * reading rate" (Journal of Memory and Language, 2019), 238 wpm.
   */
  const WORDS_PER_MINUTE = 238;

  /**
   * Nesting deeper than this (lists in lists, quotes in quotes, inline runs
   * in runs) is flattened to text: real articles nest a handful of levels, and
   * a hostile model must not exhaust the stack.
   */
  const MAX_DEPTH = 32;

  /** Table spans are clamped to 1..MAX_SPAN (HTML allows up to 1000 columns; no article needs 100). */
  const MAX_SPAN = 100;

  /** Image width/height attributes above this are dropped as implausible (px). */
  const MAX_IMAGE_DIMENSION = 20000;

  /** A code block's language hint, used as a class name and a label only when it is this plain. */
  const LANG_PATTERN = /^[a-z0-9+#-]{1,20}$/i;

  /** Raster image types allowed as data: URLs (no SVG: it can carry script). */
  const DATA_IMAGE_PATTERN = /^data:image\/(png|jpeg|gif|webp|avif)[;,]/i;

  /** A BCP 47 tag, loosely: enough to reject anything that is not one. */
  const LANG_TAG_PATTERN = /^[a-z]{2,8}(-[a-z0-9]{1,8})*$/i;

  /** An absolute http, https or mailto URL, normalised; null for anything else. */
  function safeLinkUrl(href) {
    if (typeof href !== 'string') return null;
    let url;
    try { url = new URL(href); } catch { return null; }
    return ['http:', 'https:', 'mailto:'].includes(url.protocol) ? url.href : null;
  }

  /** An absolute http(s) URL or a data: URL of a raster image; null for anything else. */
  function safeImageUrl(src) {
    if (typeof src !== 'string') return null;
    let url;
    try { url = new URL(src); } catch { return null; }
    if (url.protocol === 'http:' || url.protocol === 'https:') return url.href;
    if (url.protocol === 'data:' && DATA_IMAGE_PATTERN.test(url.href)) return url.href;
    return null;
  }

  /** An absolute http(s) URL (the page the article came from); null otherwise. */
  function safePageUrl(href) {
    if (typeof href !== 'string') return null;
    let url;
    try { url = new URL(href); } catch { return null; }
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  }

  /** The language hint if it is plain enough to show, else null. */
  function safeLang(lang) {
    return typeof lang === 'string' && LANG_PATTERN.test(lang) ? lang.toLowerCase() : null;
  }

  /** A document language tag, or null. */
  function safeLangTag(lang) {
    return typeof lang === 'string' && LANG_TAG_PATTERN.test(lang) ? lang : null;
  }

  /** 'ltr' | 'rtl' | 'auto', or null. */
  function safeDir(dir) {
    return dir === 'ltr' || dir === 'rtl' || dir === 'auto' ? dir : null;
  }

  /** A span attribute clamped to 1..MAX_SPAN. */
  function clampSpan(n) {
    const v = Math.trunc(Number(n));
    return Number.isFinite(v) ? Math.min(MAX_SPAN, Math.max(1, v)) : 1;
  }

  /** A positive integer image dimension, or null. */
  function imageDimension(n) {
    const v = Math.trunc(Number(n));
    return Number.isFinite(v) && v > 0 && v <= MAX_IMAGE_DIMENSION ? v : null;
  }

  /** Estimated reading time in whole minutes, at least 1. */
  function readingMinutes(wordCount) {
    const words = Number(wordCount);
    return Math.max(1, Math.round((Number.isFinite(words) ? words : 0) / WORDS_PER_MINUTE));
  }

  const list = (v) => (Array.isArray(v) ? v : []);

  /**
   * The product records to list under "Specifications": those with a name
   * or a value that the article does not show already (`inArticle`: a
   * specifications table the article keeps, src/papers/records.rs).
   */
  function listedRecords(records) {
    return list(records).filter((r) => r && (r.name || r.value) && r.inArticle !== true);
  }
  const str = (v) => (typeof v === 'string' ? v : v == null ? '' : String(v));

  /** The smallest heading level among `blocks` (recursively), or 1. */
  function topHeadingLevel(blocks) {
    let top = 7;
    const visit = (bs, depth) => {
      if (depth > MAX_DEPTH) return;
      for (const b of list(bs)) {
        if (!b || typeof b !== 'object') continue;
        if (b.kind === 'heading') top = Math.min(top, headingLevel(b.level));
        if (b.kind === 'quote') visit(b.blocks, depth + 1);
        if (b.kind === 'list') for (const item of list(b.items)) visit(item && item.blocks, depth + 1);
      }
    };
    visit(blocks, 0);
    return top === 7 ? 1 : top;
  }

  function headingLevel(level) {
    const v = Math.trunc(Number(level));
    return Number.isFinite(v) ? Math.min(6, Math.max(1, v)) : 2;
  }

  /**
   * The rendered heading level: the article's highest becomes 2 (under the
   * title's 1), the others keep their distance from it, up to 6.
   */
  function renderedLevel(level, top) {
    return Math.min(6, 2 + headingLevel(level) - top);
  }

  /** The plain text of inline runs (without recursion: any depth). */
  function inlineText(inlines) {
    let out = '';
    const stack = [inlines];
    while (stack.length) {
      const node = stack.pop();
      if (Array.isArray(node)) { for (let i = node.length - 1; i >= 0; i--) stack.push(node[i]); continue; }
      if (!node || typeof node !== 'object') continue;
      if (node.kind === 'text') out += str(node.text);
      else if (node.kind === 'break') out += '\n';
      else if (Array.isArray(node.children)) stack.push(node.children);
    }
    return out;
  }

  /**
   * All the text of a block, nested blocks and runs included, separated by
   * spaces; without recursion, for models nested deeper than MAX_DEPTH.
   */
  function blockText(block) {
    const out = [];
    const stack = [block];
    while (stack.length) {
      const node = stack.pop();
      if (Array.isArray(node)) { for (let i = node.length - 1; i >= 0; i--) stack.push(node[i]); continue; }
      if (!node || typeof node !== 'object') continue;
      if (node.kind === 'text' || node.kind === 'code') { if (node.text) out.push(str(node.text)); continue; }
      if (Array.isArray(node.inlines) && node.inlines.length) stack.push(node.inlines);
      else if (typeof node.text === 'string' && node.kind !== 'link') { out.push(node.text); continue; }
      for (const key of ['details', 'term', 'items', 'rows', 'cells', 'caption', 'blocks', 'children']) {
        if (Array.isArray(node[key])) stack.push(node[key]);
      }
    }
    return out.join(' ').replace(/\s+/g, ' ').trim();
  }

  /** A block's inline runs; a block with only `text` gets one text run. */
  function inlinesOf(block) {
    if (Array.isArray(block.inlines) && block.inlines.length) return block.inlines;
    return block.text ? [{ kind: 'text', text: str(block.text) }] : [];
  }

  /**
   * A table's rows laid out on a grid, spans resolved: `grid[r][c]` is
   * {cell, origin: boolean} (origin: the cell starts here) or undefined.
   */
  function tableGrid(rows) {
    const grid = [];
    list(rows).forEach((row, r) => {
      grid[r] ??= [];
      let c = 0;
      for (const cell of list(row && row.cells)) {
        while (grid[r][c]) c++;
        const cs = clampSpan(cell.colspan);
        const rs = clampSpan(cell.rowspan);
        for (let dr = 0; dr < rs && r + dr < list(rows).length; dr++) {
          grid[r + dr] ??= [];
          for (let dc = 0; dc < cs; dc++) grid[r + dr][c + dc] = { cell, origin: dr === 0 && dc === 0 };
        }
        c += cs;
      }
    });
    return grid;
  }

  // ---------------------------------------------------------------- Markdown

  /** Escapes Markdown's special characters in text. */
  function mdEscape(text) {
    return str(text)
      .replace(/[\\`*_[\]<>|~]/g, '\\$&')
      .replace(/&(?=#?[a-z0-9]+;)/gi, '\\&');
  }

  /**
   * Escapes what would start a block at a line's start: a quote, a heading,
   * a list item, a rule or a setext underline (`*` and `_` are escaped everywhere).
   */
  function mdEscapeLineStart(line) {
    return line
      .replace(/^(\s*)(>)/, '$1\\$2')
      .replace(/^(\s*)(#{1,6})(?=\s|$)/, '$1\\$2')
      .replace(/^(\s*)([-+])(?=\s|$)/, '$1\\$2')
      .replace(/^(\s*)([-=])(?=[-=\s]*$)/, '$1\\$2')
      .replace(/^(\s*\d{1,9})([.)])(?=\s|$)/, '$1\\$2');
  }

  /** A URL for a Markdown link destination: spaces, parentheses and angle brackets percent-encoded. */
  function mdUrl(url) {
    return url.replace(/[ ()<>|]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);
  }

  /** An inline code span, fenced with more backticks than any run inside. */
  function mdCodeSpan(text) {
    const t = str(text).replace(/\n/g, ' ');
    if (!t) return '';
    const longest = Math.max(0, ...(t.match(/`+/g) || []).map((run) => run.length));
    const fence = '`'.repeat(longest + 1);
    const pad = t.startsWith('`') || t.endsWith('`') || (t.startsWith(' ') && t.endsWith(' ')) ? ' ' : '';
    return fence + pad + t + pad + fence;
  }

  /** Wraps non-empty inner Markdown in a marker, keeping outer spaces outside it. */
  function mdWrap(inner, marker) {
    const m = /^(\s*)([\s\S]*?)(\s*)$/.exec(inner);
    if (!m[2]) return inner;
    return m[1] + marker + m[2] + marker + m[3];
  }

  /**
   * Inline runs as Markdown. `lineBreak` is how a break is written (a
   * backslash newline in text, <br> in a table cell).
   */
  function mdInlines(inlines, lineBreak = '\\\n', depth = 0) {
    let out = '';
    const runs = list(inlines);
    runs.forEach((r, i) => {
      if (!r || typeof r !== 'object') return;
      if (depth >= MAX_DEPTH) { out += mdEscape(inlineText([r])); return; }
      const inner = () => mdInlines(r.children, lineBreak, depth + 1);
      switch (r.kind) {
        case 'text': {
          let t = mdEscape(str(r.text).replace(/\n/g, ' '));
          // A "!" before a link would make it an image.
          if (t.endsWith('!') && runs[i + 1] && runs[i + 1].kind === 'link') t = `${t.slice(0, -1)}\\!`;
          out += t;
          break;
        }
        case 'link': {
          const href = safeLinkUrl(r.href);
          const text = inner();
          if (!href) out += text;
          else out += `[${text.trim() ? text : mdEscape(href)}](${mdUrl(href)})`;
          break;
        }
        case 'emphasis': out += mdWrap(inner(), '*'); break;
        case 'strong': out += mdWrap(inner(), '**'); break;
        case 'code': out += mdCodeSpan(inlineText(r.children)); break;
        case 'sub': out += `<sub>${inner()}</sub>`; break;
        case 'sup': out += `<sup>${inner()}</sup>`; break;
        case 'break': out += lineBreak; break;
        default: out += inner();
      }
    });
    return out;
  }

  /** A paragraph's Markdown: runs of spaces collapsed, each line's start made inert. */
  function mdParagraph(inlines) {
    return mdInlines(inlines)
      .split('\n')
      .map((line) => mdEscapeLineStart(line.replace(/[ \t]+/g, ' ').trim()))
      .join('\n')
      .trim();
  }

  /**
   * A forum post's header lines (role "postHeader") in emphasis, each line
   * on its own (emphasis does not cross a hard break's backslash).
   */
  function mdEmphasiseLines(text) {
    return text.split('\n').map((line) => {
      const hard = line.endsWith('\\');
      return mdWrap(hard ? line.slice(0, -1) : line, '*') + (hard ? '\\' : '');
    }).join('\n');
  }

  /** Prefixes the first line with `first` and the others with `rest` (blank lines stay blank). */
  function indentLines(text, first, rest) {
    return text.split('\n').map((line, i) => (i === 0 ? first + line : line ? rest + line : '')).join('\n');
  }

  function mdTable(block) {
    const rows = list(block.rows);
    const grid = tableGrid(rows);
    // Columns that some cell starts in (an overlong colspan adds no empty columns).
    let width = 0;
    for (const r of grid) (r || []).forEach((slot, c) => { if (slot && slot.origin) width = Math.max(width, c + 1); });
    if (!width) return '';
    const cellMd = (slot) => (slot && slot.origin
      ? mdInlines(inlinesOf(slot.cell), '<br>').replace(/\n/g, ' ').trim() // pipes: escaped by mdEscape
      : '');
    const line = (r) => `| ${Array.from({ length: width }, (_, c) => cellMd(grid[r] && grid[r][c])).join(' | ')} |`;
    let headIndex = rows.findIndex((r) => r && r.head);
    if (headIndex < 0) headIndex = 0;
    const out = [line(headIndex), `|${' --- |'.repeat(width)}`];
    rows.forEach((_, r) => { if (r !== headIndex) out.push(line(r)); });
    const caption = mdParagraph(block.caption);
    return (caption ? `${caption}\n\n` : '') + out.join('\n');
  }

  function mdDefinitions(items) {
    return list(items).map((item) => {
      const term = mdParagraph(item.term);
      const details = list(item.details).map((d) => `: ${mdParagraph(d)}`);
      return [term && !term.includes('**') ? `**${term}**` : term, ...details].filter(Boolean).join('\n');
    }).filter(Boolean).join('\n\n');
  }

  function mdBlock(block, top, depth) {
    if (!block || typeof block !== 'object') return '';
    if (depth > MAX_DEPTH) return mdEscape(blockText(block));
    switch (block.kind) {
      case 'heading': {
        const text = mdInlines(inlinesOf(block)).replace(/\\?\n/g, ' ').trim();
        return text ? `${'#'.repeat(renderedLevel(block.level, top))} ${text}` : '';
      }
      case 'paragraph': {
        const text = mdParagraph(inlinesOf(block));
        return block.role === 'postHeader' ? mdEmphasiseLines(text) : text;
      }
      case 'list': {
        const ordered = !!block.ordered;
        let n = Number.isInteger(block.start) ? block.start : 1;
        const items = list(block.items).map((item) => {
          const marker = ordered ? `${n++}. ` : '- ';
          const body = mdBlocks(item && item.blocks, top, depth + 1, '\n') || '';
          return indentLines(body, marker, ' '.repeat(marker.length));
        });
        return items.join('\n');
      }
      case 'quote': {
        const body = mdBlocks(block.blocks, top, depth + 1);
        return body.split('\n').map((l) => (l ? `> ${l}` : '>')).join('\n');
      }
      case 'code': {
        const text = str(block.text).replace(/\n+$/, '');
        const longest = Math.max(0, ...(text.match(/`+/g) || []).map((run) => run.length));
        const fence = '`'.repeat(Math.max(3, longest + 1));
        return `${fence}${safeLang(block.lang) || ''}\n${text}\n${fence}`;
      }
      case 'table': return mdTable(block);
      case 'figure': {
        const images = list(block.images).map((img) => {
          const src = safeImageUrl(img && img.src);
          const alt = mdEscape(str(img && img.alt).replace(/\s+/g, ' ').trim());
          return src ? `![${alt}](${mdUrl(src)})` : alt;
        }).filter(Boolean);
        const caption = mdParagraph(block.caption);
        return [...images, caption].filter(Boolean).join('\n\n');
      }
      case 'rule': return '---';
      case 'definitions': return mdDefinitions(block.items);
      default: return block.text ? mdParagraph([{ kind: 'text', text: block.text }]) : '';
    }
  }

  /** Blocks as Markdown, separated by blank lines (or `tightSeparator` for a single-paragraph list item's parts). */
  function mdBlocks(blocks, top, depth = 0, tightSeparator) {
    const parts = list(blocks).map((b) => mdBlock(b, top, depth)).filter(Boolean);
    const tight = tightSeparator && list(blocks).filter((b) => b && b.kind !== 'list').length <= 1;
    return parts.join(tight ? tightSeparator : '\n\n');
  }

  /** The article as a Markdown document. */
  function toMarkdown(article) {
    const a = article || {};
    const top = topHeadingLevel(a.blocks);
    const out = [];
    // (A heading's trailing " #" would be read as its closing sequence.)
    const title = mdEscape(str(a.title).replace(/\s+/g, ' ').trim()).replace(/(^|\s)(#+)$/, '$1\\$2');
    out.push(`# ${title || 'Untitled'}`);
    const meta = [];
    if (a.byline) meta.push(mdEscape(str(a.byline).trim()));
    if (a.siteName) meta.push(mdEscape(str(a.siteName).trim()));
    if (a.publishedTime) meta.push(mdEscape(str(a.publishedTime).trim()));
    if (meta.length) out.push(mdEscapeLineStart(meta.join(' · ')));
    const source = safePageUrl(a.sourceUrl);
    if (source) out.push(`Source: [${mdEscape(source)}](${mdUrl(source)})`);
    const body = mdBlocks(a.blocks, top);
    if (body) out.push(body);
    const records = listedRecords(a.records);
    if (records.length) {
      out.push('## Specifications');
      out.push(mdDefinitions(records.map((r) => ({
        term: [{ kind: 'text', text: str(r.name) }],
        details: [[{ kind: 'text', text: str(r.value) }]],
      }))));
    }
    return `${out.join('\n\n')}\n`;
  }

  // -------------------------------------------------------------------- HTML

  /**
   * The one escaping function of the HTML export: every text and every
   * attribute value goes through it. It escapes all five characters that are
   * special in text or in quoted attribute values, so its output is safe in
   * either place (attributes are always double-quoted).
   */
  function escapeHtml(value) {
    return str(value).replace(/[&<>"']/g, (c) => ({
      '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;',
    })[c]);
  }

  /**
   * An element as HTML. `name` is always one of this file's literal tag names;
   * attribute values are escaped here; `content` is HTML this file built.
   */
  function tag(name, attrs, content) {
    let open = `<${name}`;
    for (const [k, v] of Object.entries(attrs || {})) {
      if (v === null || v === undefined || v === false) continue;
      open += ` ${k}="${escapeHtml(v)}"`;
    }
    return content === undefined ? `${open}>` : `${open}>${content}</${name}>`;
  }

  const HTML_INLINE_TAGS = { emphasis: 'em', strong: 'strong', code: 'code', sub: 'sub', sup: 'sup' };

  function htmlInlines(inlines, depth = 0) {
    let out = '';
    for (const r of list(inlines)) {
      if (!r || typeof r !== 'object') continue;
      if (depth >= MAX_DEPTH) { out += escapeHtml(inlineText([r])); continue; }
      if (r.kind === 'text') out += escapeHtml(r.text);
      else if (r.kind === 'break') out += '<br>';
      else if (r.kind === 'link') {
        const href = safeLinkUrl(r.href);
        const inner = htmlInlines(r.children, depth + 1);
        out += href ? tag('a', { href }, inner) : inner;
      } else if (HTML_INLINE_TAGS[r.kind]) out += tag(HTML_INLINE_TAGS[r.kind], {}, htmlInlines(r.children, depth + 1));
      else out += htmlInlines(r.children, depth + 1);
    }
    return out;
  }

  function htmlTable(block) {
    const rows = list(block.rows);
    const caption = htmlInlines(block.caption);
    const rowHtml = (row) => tag('tr', {}, list(row.cells).map((cell) => {
      const cs = clampSpan(cell.colspan);
      const rs = clampSpan(cell.rowspan);
      return tag(cell.header ? 'th' : 'td', { colspan: cs > 1 ? cs : null, rowspan: rs > 1 ? rs : null },
        htmlInlines(inlinesOf(cell)));
    }).join(''));
    const head = rows.filter((r) => r && r.head).map(rowHtml).join('');
    const body = rows.filter((r) => r && !r.head).map(rowHtml).join('');
    return tag('table', {}, (caption ? tag('caption', {}, caption) : '')
      + (head ? tag('thead', {}, head) : '') + tag('tbody', {}, body));
  }

  function htmlBlock(block, top, depth) {
    if (!block || typeof block !== 'object') return '';
    if (depth > MAX_DEPTH) return tag('p', {}, escapeHtml(blockText(block)));
    switch (block.kind) {
      case 'heading': return tag(`h${renderedLevel(block.level, top)}`, {}, htmlInlines(inlinesOf(block)));
      case 'paragraph': return tag('p', block.role === 'postHeader' ? { class: 'meta' } : {}, htmlInlines(inlinesOf(block)));
      case 'list': {
        const ordered = !!block.ordered;
        const start = ordered && Number.isInteger(block.start) && block.start !== 1 ? block.start : null;
        const items = list(block.items).map((item) => tag('li', {}, htmlBlocks(item && item.blocks, top, depth + 1)));
        return tag(ordered ? 'ol' : 'ul', { start }, items.join(''));
      }
      case 'quote': return tag('blockquote', {}, htmlBlocks(block.blocks, top, depth + 1));
      case 'code': {
        const lang = safeLang(block.lang);
        return tag('pre', {}, tag('code', { class: lang ? `language-${lang}` : null }, escapeHtml(block.text)));
      }
      case 'table': return htmlTable(block);
      case 'figure': {
        const images = list(block.images).map((img) => {
          const src = safeImageUrl(img && img.src);
          if (!src) return '';
          return tag('img', {
            src, alt: str(img.alt), width: imageDimension(img.width), height: imageDimension(img.height),
            loading: 'lazy', referrerpolicy: 'no-referrer',
          });
        }).join('');
        const caption = htmlInlines(block.caption);
        return tag('figure', {}, images + (caption ? tag('figcaption', {}, caption) : ''));
      }
      case 'rule': return '<hr>';
      case 'definitions': return tag('dl', {}, list(block.items).map((item) => tag('dt', {}, htmlInlines(item.term))
        + list(item.details).map((d) => tag('dd', {}, htmlInlines(d))).join('')).join(''));
      default: return block.text ? tag('p', {}, escapeHtml(block.text)) : '';
    }
  }

  function htmlBlocks(blocks, top, depth = 0) {
    return list(blocks).map((b) => htmlBlock(b, top, depth)).join('\n');
  }

  /** The exported page's style: readable on its own, printable. */
  const HTML_STYLE = [
    'body{margin:0 auto;max-width:38em;padding:2em 1em;font:1.15em/1.6 Charter,"Bitstream Charter","Sitka Text",Cambria,Georgia,serif;color:#1b1b1b;background:#fff}',
    'img{max-width:100%;height:auto}figcaption,.meta{color:#5f5f5f;font-size:.9em}',
    'pre{overflow-x:auto;background:#f5f5f5;padding:.8em;font-size:.85em}',
    'blockquote{margin-inline:0;padding-inline-start:1em;border-inline-start:3px solid #ddd}',
    'table{border-collapse:collapse}th,td{border:1px solid #ccc;padding:.3em .6em;vertical-align:top}',
  ].join('');

  /**
   * The article as a standalone HTML document: no script (its own CSP forbids
   * any), images linked by URL, not embedded.
   */
  function toHtml(article) {
    const a = article || {};
    const top = topHeadingLevel(a.blocks);
    const title = str(a.title).trim() || 'Untitled';
    const source = safePageUrl(a.sourceUrl);
    const meta = [];
    if (a.byline) meta.push(tag('span', {}, escapeHtml(a.byline)));
    if (a.siteName) meta.push(tag('span', {}, escapeHtml(a.siteName)));
    if (a.publishedTime) meta.push(tag('span', {}, escapeHtml(a.publishedTime)));
    let head = tag('h1', {}, escapeHtml(title));
    if (meta.length) head += tag('p', { class: 'meta' }, meta.join(' · '));
    if (source) head += tag('p', { class: 'meta' }, `Source: ${tag('a', { href: source }, escapeHtml(source))}`);
    let body = htmlBlocks(a.blocks, top);
    const records = listedRecords(a.records);
    if (records.length) {
      body += tag('section', {}, tag('h2', {}, 'Specifications') + tag('dl', {}, records.map((r) => tag('dt', {}, escapeHtml(r.name)) + tag('dd', {}, escapeHtml(r.value))).join('')));
    }
    return `<!doctype html>\n${tag('html', { lang: safeLangTag(a.lang), dir: safeDir(a.dir) },
      `\n${tag('head', {}, [
        '<meta charset="utf-8">',
        tag('meta', { 'http-equiv': 'Content-Security-Policy', content: "default-src 'none'; img-src https: http: data:; style-src 'unsafe-inline'" }),
        tag('meta', { name: 'referrer', content: 'no-referrer' }),
        tag('meta', { name: 'viewport', content: 'width=device-width, initial-scale=1' }),
        tag('title', {}, escapeHtml(title)),
        tag('style', {}, HTML_STYLE),
      ].join('\n'))}\n${tag('body', {}, tag('article', {}, `${tag('header', {}, head)}\n${body}`))}\n`)}\n`;
  }

  /** A file name for the article: its title, with characters file systems reject replaced. */
  function fileName(title, extension) {
    const base = str(title).replace(/[\\/:*?"<>|\u0000-\u001f\u007f]+/g, ' ').replace(/\s+/g, ' ').trim().slice(0, 100);
    return `${base || 'article'}.${extension}`;
  }

  return Object.freeze({
    WORDS_PER_MINUTE, MAX_DEPTH, MAX_SPAN,
    safeLinkUrl, safeImageUrl, safePageUrl, safeLang, safeLangTag, safeDir,
    clampSpan, imageDimension, readingMinutes, topHeadingLevel, renderedLevel,
    inlineText, blockText, inlinesOf, tableGrid, listedRecords,
    mdEscape, toMarkdown, escapeHtml, toHtml, fileName,
  });
})();
