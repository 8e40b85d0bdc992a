// Pith playground: loads the wasm core directly (no extension), renders one
// of the bundled sample pages in a sandboxed same-origin iframe, walks the
// rendered document with `walkDocument`, extracts with scores, then outlines
// the content blocks and the root on the page and shows the summary (page
// type, readerable and why), the per-node score table (one column per
// column of the core's `scores.columns`, sortable and filterable) and the
// extracted text. Page content only ever enters the DOM through
// textContent / attributes, never as HTML.
'use strict';

(() => {
  /** The bundled sample pages (www/samples/<name>.html). */
  const SAMPLES = ['article', 'listing', 'no-article'];
  /** Outline of an extracted block, and of the chosen root subtree (the legend shows both). */
  const BLOCK_OUTLINE = '2px solid rgba(0, 110, 220, 0.85)';
  const ROOT_OUTLINE = '2px dashed rgba(200, 0, 90, 0.9)';
  /** How long a node stays highlighted after a click in the score table: long enough to spot it. */
  const HIGHLIGHT_MS = 1500;

  const $ = (id) => document.getElementById(id);
  const frame = $('frame');
  const picker = $('sample');
  const showAll = $('show-all');
  const tbody = $('scores').tBodies[0];

  const state = {
    sample: null,      // the sample the iframe is loading or shows
    page: null,        // the current LivePage (freed when replaced)
    extraction: null,
    textBlocks: [],    // the extraction's blocks flattened (textBlocks())
    runs: [],          // [{box, range}] outline boxes over text-node runs
    highlight: null,   // the temporary highlight box in the iframe
    highlightTimer: 0,
  };
  // For tests and the curious (read-only use).
  window.playground = state;

  function showError(message) {
    const el = $('error');
    el.textContent = message;
    el.hidden = false;
    document.body.dataset.state = 'error';
  }

  function el(tag, text, className) {
    const e = document.createElement(tag);
    if (text !== undefined) e.textContent = text;
    if (className) e.className = className;
    return e;
  }

  const ready = (async () => {
    if (typeof wasm_bindgen === 'undefined') throw new Error('pkg/pith.js did not load');
    await wasm_bindgen({ module_or_path: 'pkg/pith_bg.wasm' });
    $('version').textContent = `core ${wasm_bindgen.version()}`;
  })();
  ready.catch((e) => showError(`Could not load the Pith wasm core: ${e.message || e}`));

  // ---- the sample ---------------------------------------------------------

  function loadSample(name) {
    if (!SAMPLES.includes(name)) name = 'article';
    picker.value = name;
    state.sample = name;
    if (state.page) { state.page.free(); state.page = null; }
    state.extraction = null;
    state.runs = [];
    state.highlight = null;
    for (const panel of [tbody, $('summary'), $('text'), $('records')]) panel.replaceChildren();
    $('records-pane').hidden = true;
    $('row-count').textContent = '';
    document.body.dataset.state = 'loading';
    $('error').hidden = true;
    frame.src = `samples/${name}.html`;
  }

  frame.addEventListener('load', async () => {
    const doc = frame.contentDocument;
    // Ignore the initial about:blank and loads superseded by a newer pick.
    if (!doc || !state.sample || !doc.URL.endsWith(`/samples/${state.sample}.html`)) return;
    try {
      await ready;
    } catch {
      return; // already reported
    }
    if (frame.contentDocument !== doc) return;
    try {
      analyse(doc);
    } catch (e) {
      showError(`Extraction failed: ${e.message || e}`);
    }
  });

  function analyse(doc) {
    const t0 = performance.now();
    const page = wasm_bindgen.walkDocument(doc);
    state.page = page;
    const ex = page.extract({ scores: true });
    const ms = performance.now() - t0;
    state.extraction = ex;
    state.textBlocks = textBlocks(ex.blocks);
    outline(doc, ex);
    renderSummary(ex, ms);
    renderRecords(ex);
    renderTable(ex);
    renderText(ex);
    doc.defaultView.addEventListener('resize', placeRuns);
    document.body.dataset.sample = state.sample;
    document.body.dataset.state = 'done';
  }

  // ---- outlines in the iframe ---------------------------------------------

  const isElement = (n) => n && n.nodeType === Node.ELEMENT_NODE;

  function rangeOver(doc, nodes) {
    const range = doc.createRange();
    range.setStartBefore(nodes[0]);
    range.setEndAfter(nodes[nodes.length - 1]);
    return range;
  }

  /** An absolutely positioned box in `doc` over `rect` (viewport coordinates). */
  function boxOver(doc, rect, className, border) {
    const win = doc.defaultView;
    const box = doc.createElement('div');
    box.className = className;
    Object.assign(box.style, {
      position: 'absolute', boxSizing: 'border-box', pointerEvents: 'none', zIndex: '2147483647',
      border, margin: '0', padding: '0',
    });
    placeBox(box, rect, win);
    doc.body.appendChild(box);
    return box;
  }

  function placeBox(box, rect, win) {
    Object.assign(box.style, {
      left: `${rect.left + win.scrollX}px`, top: `${rect.top + win.scrollY}px`,
      width: `${rect.width}px`, height: `${rect.height}px`,
    });
  }

  function placeRuns() {
    for (const { box, range } of state.runs) {
      placeBox(box, range.getBoundingClientRect(), box.ownerDocument.defaultView);
    }
  }

  /**
   * The article's text blocks, flattened from its typed blocks (see the
   * article format in extension/messages.js): every heading, paragraph and
   * code block (in lists and quotes too), and one entry per table, figure
   * caption and definition list, each with its text and page nodes.
   */
  function textBlocks(blocks, out = []) {
    const runs = (inlines) => inlines.map((i) => (i.kind === 'text' ? i.text : i.kind === 'break' ? '\n' : runs(i.children || []))).join('');
    for (const b of blocks) {
      switch (b.kind) {
        case 'heading': case 'paragraph': case 'code':
          out.push({ kind: b.kind, text: b.text, nodes: b.nodes });
          break;
        case 'list':
          for (const item of b.items) textBlocks(item.blocks, out);
          break;
        case 'quote':
          textBlocks(b.blocks, out);
          break;
        case 'table':
          out.push({ kind: 'table', text: b.rows.map((r) => r.cells.map((c) => c.text).join(' | ')).join('\n'), nodes: b.nodes });
          break;
        case 'figure':
          out.push({ kind: 'figure', text: runs(b.caption) || b.images.map((i) => i.alt).join(' '), nodes: b.nodes });
          break;
        case 'definitions':
          out.push({ kind: 'definitions', text: b.items.map((d) => `${runs(d.term)}: ${d.details.map(runs).join('; ')}`).join('\n'), nodes: b.nodes });
          break;
        default:
      }
    }
    return out;
  }

  function outline(doc, ex) {
    const root = ex.root == null ? null : state.page.node(ex.root);
    if (isElement(root)) {
      root.setAttribute('data-pith-root', '');
      root.style.outline = ROOT_OUTLINE;
      // Around the root; inside it when it is the whole page (no room outside).
      root.style.outlineOffset = root === doc.body || root === doc.documentElement ? '-3px' : '6px';
    }
    state.textBlocks.forEach((block, i) => {
      const nodes = block.nodes.map((id) => state.page.node(id)).filter(Boolean);
      if (!nodes.length) return;
      if (nodes.every(isElement)) {
        for (const e of nodes) {
          e.setAttribute('data-pith-block', String(i));
          e.style.outline = BLOCK_OUTLINE;
          e.style.outlineOffset = '1px';
        }
      } else {
        // An anonymous block: a run of text and inline nodes.
        const range = rangeOver(doc, nodes);
        const box = boxOver(doc, range.getBoundingClientRect(), 'pith-outline', BLOCK_OUTLINE);
        box.setAttribute('data-pith-block', String(i));
        state.runs.push({ box, range });
      }
    });
  }

  function rectOf(doc, nodes) {
    return (nodes.length === 1 && isElement(nodes[0]) ? nodes[0] : rangeOver(doc, nodes))
      .getBoundingClientRect();
  }

  /** Scrolls the nodes `ids` into view and draws a temporary box over them. */
  function highlight(ids, linger) {
    clearHighlight();
    const nodes = ids.map((id) => state.page && state.page.node(id)).filter(Boolean);
    if (!nodes.length || nodes[0].ownerDocument !== frame.contentDocument) return;
    const doc = nodes[0].ownerDocument;
    const win = doc.defaultView;
    let rect = rectOf(doc, nodes);
    if (!rect.width && !rect.height) return; // hidden or empty
    if (rect.bottom < 0 || rect.top > win.innerHeight) {
      win.scrollTo({ top: rect.top + win.scrollY - win.innerHeight / 3 });
      rect = rectOf(doc, nodes);
    }
    state.highlight = boxOver(doc, rect, 'pith-highlight', '3px solid rgba(255, 140, 0, 0.95)');
    state.highlight.style.background = 'rgba(255, 200, 0, 0.15)';
    if (linger) state.highlightTimer = setTimeout(clearHighlight, HIGHLIGHT_MS);
  }

  function clearHighlight() {
    clearTimeout(state.highlightTimer);
    if (state.highlight) state.highlight.remove();
    state.highlight = null;
  }

  // ---- panels -------------------------------------------------------------

  const percent = (p) => `${Math.round(p * 100)}%`;

  function renderSummary(ex, ms) {
    const columns = ex.scores ? ex.scores.columns : [];
    const rootTag = ex.root == null ? null
      : (ex.scores && ex.scores.rows.find((r) => r.node === ex.root) || {}).tag;
    const rows = [
      ['title', ex.title || '(none)'],
      ['headline', ex.headline || '(none)', 'the title without the site’s name: what the reader shows'],
      ['byline', ex.byline || '(none)'],
      ['page type', `${ex.pageType.kind} (${percent(ex.pageType.confidence)} confidence)`,
        pageTypeDetail(ex.pageType, ex.scores ? ex.scores.page.map((v) => v.column) : [])],
      ['readerable', ex.readerable ? 'yes' : 'no'],
      ['readerable reason', ex.readerableReason || '(none)'],
      ['reader shows', ex.shows || '(none)', 'article: running text; content: the page’s content without long paragraphs; notice: too little to read'],
      ['word count', String(ex.wordCount)],
      ['method', ex.method],
      ['root', ex.root == null ? '(none)' : `node ${ex.root}${rootTag ? ` <${rootTag}>` : ''}`],
      ['nodes', `${state.page.nodeCount} (${ex.stats.elements} elements, ${ex.stats.leaves} leaves)`],
      ['blocks', String(state.textBlocks.length)],
      ['lead image', ex.leadImage || '(none)'],
      ['time', `${ms.toFixed(2)} ms (walk + extract)`],
    ];
    const dl = $('summary');
    dl.replaceChildren();
    for (const [k, v, title] of rows) {
      const dd = el('dd', v);
      dd.dataset.field = k.replaceAll(' ', '-');
      if (title) dd.title = title;
      dl.append(el('dt', k), dd);
    }
  }

  /** Every kind's probability, named by the classifier's columns where they line up. */
  function pageTypeDetail(pageType, columns) {
    const labels = columns.filter((c) => c.signal === 'pageType').map((c) => c.label);
    return pageType.probabilities
      .map((p, i) => `${labels.length === pageType.probabilities.length ? labels[i] : i}: ${percent(p)}`)
      .join('\n');
  }

  function renderRecords(ex) {
    const dl = $('records');
    dl.replaceChildren();
    const records = ex.records || [];
    $('records-pane').hidden = records.length === 0;
    records.forEach((r, i) => {
      const dt = el('dt', r.name);
      const dd = el('dd', r.value);
      for (const e of [dt, dd]) e.dataset.record = String(i);
      // The reader lists only the records its article does not show.
      if (r.inArticle === true) {
        dd.append(el('span', ' · in the article', 'in-article'));
        dd.title = 'The article shows this pair: the reader does not list it again.';
      }
      dl.append(dt, dd);
    });
  }

  // ---- the score table ------------------------------------------------------
  //
  // Generic over the core's columns: every column of `scores.columns` is shown
  // (label in the header, key, source and description in its tooltip), the
  // decision's first, then every signal in pipeline order.

  /** The decision's signal: its columns come first; `decision.score` is the default sort. */
  const DECISION_SIGNAL = 'decision';
  const DEFAULT_SORT = { key: 'decision.score', desc: true };
  /** Rows rendered at most (a large page has thousands of nodes × ~100 columns). */
  const MAX_ROWS = 2000;
  /** The fixed columns before the core's; `sort` reads a row's value. */
  const FIXED = [
    { key: 'node', label: 'node', title: 'Node id (index in the walk)', sort: (r) => r.node, numeric: true },
    { key: 'tag', label: 'tag', title: 'Element name, or #text for an anonymous text leaf', sort: (r) => r.tag },
    { key: 'content', label: 'content', title: 'Whether the decision keeps the node\'s text as content',
      sort: (r) => (r.content ? 1 : 0), numeric: true },
    { key: 'reason', label: 'reason', title: 'Why the decision judged the node so', sort: (r) => r.reason || null },
  ];

  const filterBox = $('filter');
  const contentOnly = $('content-only');
  const hideEmpty = $('hide-empty');
  const signalPick = $('signal');
  const thead = $('scores').tHead;
  const table = {
    sort: { ...DEFAULT_SORT },
    columns: [],   // [{key, label, signal, source, description, index}] in display order
    scoreCol: null, // the `decision.score` column: rows with a value are the leaves
  };
  state.table = table;

  /** A value for a cell: integers as they are, others rounded (the full value in a tooltip). */
  function formatValue(v) {
    if (v == null) return '';
    if (Number.isInteger(v)) return String(v);
    return String(Number(v.toFixed(Math.abs(v) >= 100 ? 1 : 3)));
  }

  /** The core's columns in display order: the decision's first, then the rest as given. */
  function displayColumns(columns) {
    const indexed = columns.map((c, index) => ({ ...c, index }));
    return [...indexed.filter((c) => c.signal === DECISION_SIGNAL),
      ...indexed.filter((c) => c.signal !== DECISION_SIGNAL)];
  }

  function renderSignalPicker(columns) {
    const keep = signalPick.value;
    const signals = [...new Set(columns.map((c) => c.signal))];
    signalPick.replaceChildren(el('option', 'all signals'));
    signalPick.firstChild.value = '';
    for (const s of signals) {
      const o = el('option', s);
      o.value = s;
      signalPick.append(o);
    }
    signalPick.value = signals.includes(keep) ? keep : '';
  }

  /**
   * The columns shown: all, or the picked signal's (the decision's always);
   * with "hide empty columns", only those with a value in one of `rows`.
   */
  function shownColumns(rows) {
    const pick = signalPick.value;
    return table.columns.filter((c) => (!pick || c.signal === pick || c.signal === DECISION_SIGNAL)
      && (!hideEmpty.checked || rows.some((r) => r.values[c.index] != null)));
  }

  function headerButton(key, label, title, numeric) {
    const b = el('button', label, 'sort');
    b.type = 'button';
    b.dataset.sort = key;
    if (numeric) b.dataset.numeric = '';
    b.title = title;
    return b;
  }

  function renderHead(cols) {
    const groups = document.createElement('tr');
    groups.className = 'groups';
    const lead = el('th', '');
    lead.colSpan = FIXED.length;
    groups.append(lead);
    const labels = document.createElement('tr');
    labels.className = 'labels';
    for (const f of FIXED) {
      const th = document.createElement('th');
      th.dataset.key = f.key;
      th.className = `fixed ${f.key}`;
      th.append(headerButton(f.key, f.label, f.title, f.numeric));
      labels.append(th);
    }
    cols.forEach((c, i) => {
      const first = i === 0 || cols[i - 1].signal !== c.signal;
      if (first) {
        const g = el('th', c.signal, 'group');
        let span = 1;
        while (i + span < cols.length && cols[i + span].signal === c.signal) span++;
        g.colSpan = span;
        g.title = `signal: ${c.signal}`;
        groups.append(g);
      }
      const th = document.createElement('th');
      th.dataset.key = c.key;
      th.title = `${c.key}\n${c.source}\n\n${c.description}`;
      if (first) th.className = 'first';
      th.append(headerButton(c.key, c.label, th.title, true));
      labels.append(th);
    });
    thead.replaceChildren(groups, labels);
    markSort();
  }

  function markSort() {
    for (const th of thead.querySelectorAll('tr.labels th')) {
      if (th.dataset.key === table.sort.key) th.setAttribute('aria-sort', table.sort.desc ? 'descending' : 'ascending');
      else th.removeAttribute('aria-sort');
    }
  }

  /** Reads a row's value for a sort key: a fixed column's, or a core column's (null where absent). */
  function sorter(key) {
    const fixed = FIXED.find((f) => f.key === key);
    if (fixed) return fixed.sort;
    const c = table.columns.find((d) => d.key === key);
    return c ? (r) => r.values[c.index] : () => null;
  }

  /** Sorts rows by the current key; nulls last in either direction; node order breaks ties. */
  function sortRows(rows) {
    const get = sorter(table.sort.key);
    const dir = table.sort.desc ? -1 : 1;
    return rows
      .map((r) => ({ r, v: get(r) }))
      .sort((a, b) => {
        const an = a.v == null || Number.isNaN(a.v);
        const bn = b.v == null || Number.isNaN(b.v);
        if (an || bn) return an === bn ? a.r.node - b.r.node : an ? 1 : -1;
        const c = typeof a.v === 'string' ? a.v.localeCompare(b.v) : a.v - b.v;
        return c ? c * dir : a.r.node - b.r.node;
      })
      .map((x) => x.r);
  }

  /** Leaf rows: the ones the decision scores (they have a `decision.score` value). */
  function isLeaf(r) {
    return table.scoreCol ? r.values[table.scoreCol.index] != null : true;
  }

  function visibleRows(ex) {
    const needle = filterBox.value.trim().toLowerCase();
    return ex.scores.rows.filter((r) => (showAll.checked || isLeaf(r))
      && (!contentOnly.checked || r.content)
      && (!needle || r.tag.toLowerCase().includes(needle) || (r.reason || '').toLowerCase().includes(needle)));
  }

  function renderScores() {
    tbody.replaceChildren();
    const ex = state.extraction;
    if (!ex || !ex.scores) {
      thead.replaceChildren();
      $('row-count').textContent = ex ? 'no score table in this extraction' : '';
      return;
    }
    const rows = sortRows(visibleRows(ex));
    const cols = shownColumns(rows);
    renderHead(cols);
    const hiddenCol = table.columns.find((c) => c.key === 'visibility.hidden');
    const frag = document.createDocumentFragment();
    for (const r of rows.slice(0, MAX_ROWS)) {
      const tr = document.createElement('tr');
      tr.dataset.node = String(r.node);
      tr.dataset.tag = r.tag;
      if (isLeaf(r)) tr.dataset.leaf = '';
      if (r.content) tr.classList.add('content');
      if (r.node === ex.root) tr.classList.add('root');
      if (hiddenCol && r.values[hiddenCol.index] === 1) tr.classList.add('hidden-node');
      tr.append(el('td', String(r.node), 'fixed node'), el('td', r.tag, 'fixed tag'),
        el('td', r.content ? 'yes' : '', 'fixed content'), el('td', r.reason || '', 'fixed reason'));
      cols.forEach((c, i) => {
        const v = r.values[c.index];
        const td = el('td', formatValue(v), i === 0 || cols[i - 1].signal !== c.signal ? 'first' : undefined);
        if (v != null && !Number.isInteger(v)) td.title = String(v);
        tr.append(td);
      });
      frag.append(tr);
    }
    tbody.append(frag);
    $('row-count').textContent = rows.length > MAX_ROWS
      ? `${MAX_ROWS} of ${rows.length} rows shown (${ex.scores.rows.length} in all)`
      : `${rows.length} of ${ex.scores.rows.length} rows`;
  }

  function renderTable(ex) {
    table.columns = ex.scores ? displayColumns(ex.scores.columns) : [];
    table.scoreCol = table.columns.find((c) => c.key === DEFAULT_SORT.key) || null;
    renderSignalPicker(ex.scores ? ex.scores.columns : []);
    renderScores();
  }

  function renderText(ex) {
    const box = $('text');
    box.replaceChildren();
    if (!state.textBlocks.length) box.append(el('p', 'No article found.', 'muted'));
    state.textBlocks.forEach((b, i) => {
      const p = el(b.kind === 'heading' ? 'h3' : 'p', b.text, `block ${b.kind}`);
      p.dataset.block = String(i);
      p.prepend(el('span', String(i), 'index'));
      box.append(p);
    });
  }

  // ---- events -------------------------------------------------------------

  const rowOf = (t) => t.closest && t.closest('tr[data-node]');
  tbody.addEventListener('mouseover', (e) => {
    const tr = rowOf(e.target);
    if (tr) highlight([Number(tr.dataset.node)], false);
  });
  tbody.addEventListener('mouseleave', clearHighlight);
  tbody.addEventListener('click', (e) => {
    const tr = rowOf(e.target);
    if (!tr) return;
    for (const a of tbody.querySelectorAll('tr.active')) a.classList.remove('active');
    tr.classList.add('active');
    highlight([Number(tr.dataset.node)], true);
  });
  thead.addEventListener('click', (e) => {
    const b = e.target.closest && e.target.closest('button[data-sort]');
    if (!b) return;
    const key = b.dataset.sort;
    // A new key sorts numbers highest first and text A to Z; the same key reverses.
    table.sort = table.sort.key === key
      ? { key, desc: !table.sort.desc }
      : { key, desc: b.hasAttribute('data-numeric') };
    renderScores();
    // The header was rebuilt: keep the keyboard focus on the same column.
    const again = [...thead.querySelectorAll('button[data-sort]')].find((x) => x.dataset.sort === key);
    if (again) again.focus();
  });
  $('text').addEventListener('mouseover', (e) => {
    const p = e.target.closest && e.target.closest('[data-block]');
    if (p && state.extraction) highlight(state.textBlocks[Number(p.dataset.block)].nodes, false);
  });
  $('text').addEventListener('mouseleave', clearHighlight);
  $('records').addEventListener('mouseover', (e) => {
    const r = e.target.closest && e.target.closest('[data-record]');
    if (r && state.extraction) highlight(state.extraction.records[Number(r.dataset.record)].nodes, false);
  });
  $('records').addEventListener('mouseleave', clearHighlight);
  for (const control of [showAll, contentOnly, hideEmpty, signalPick]) control.addEventListener('change', renderScores);
  filterBox.addEventListener('input', renderScores);
  picker.addEventListener('change', () => {
    history.replaceState(null, '', `?sample=${encodeURIComponent(picker.value)}`);
    loadSample(picker.value);
  });

  loadSample(new URLSearchParams(location.search).get('sample') || 'article');
})();
