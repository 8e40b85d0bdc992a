// Pith playground: loads the wasm core directly (no extension), renders one
// of the bundled sample pages in a sandboxed same-origin iframe, walks the
// rendered document with `walkDocument`, extracts with scores, then outlines
// the chosen blocks and root on the page and shows the summary, the per-node
// score table and the extracted text. Page content only ever enters the DOM
// through textContent / attributes, never as HTML.
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
    for (const panel of [tbody, $('summary'), $('text')]) panel.replaceChildren();
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
    outline(doc, ex);
    renderSummary(ex, ms);
    renderScores();
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

  function outline(doc, ex) {
    const root = ex.root == null ? null : state.page.node(ex.root);
    if (isElement(root)) {
      root.setAttribute('data-pith-root', '');
      root.style.outline = ROOT_OUTLINE;
      root.style.outlineOffset = '6px';
    }
    ex.blocks.forEach((block, i) => {
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

  function renderSummary(ex, ms) {
    const rows = [
      ['title', ex.title || '(none)'],
      ['byline', ex.byline || '(none)'],
      ['readerable', ex.readerable ? 'yes' : 'no'],
      ['word count', String(ex.wordCount)],
      ['method', ex.method],
      ['nodes', `${state.page.nodeCount} (${ex.stats.elements} elements)`],
      ['blocks', String(ex.blocks.length)],
      ['time', `${ms.toFixed(2)} ms (walk + extract)`],
    ];
    const dl = $('summary');
    dl.replaceChildren();
    for (const [k, v] of rows) {
      dl.append(el('dt', k), el('dd', v));
      dl.lastChild.dataset.field = k.replaceAll(' ', '-');
    }
  }

  const count = (v) => (v == null ? '' : String(v));
  const num = (v) => (v == null ? '' : v.toFixed(2));

  function sortedScores(ex) {
    const subtrees = ex.scores.filter((s) => s.role === 'subtree')
      .sort((a, b) => b.weight - a.weight);
    const leaves = ex.scores.filter((s) => s.role === 'leaf' || s.role === 'anonymousLeaf')
      .sort((a, b) => b.nodeImp - a.nodeImp);
    const rest = ex.scores.filter((s) => !['subtree', 'leaf', 'anonymousLeaf'].includes(s.role)
      && (showAll.checked || (s.role !== 'none' && s.role !== 'row')));
    return [...subtrees, ...leaves, ...rest];
  }

  function renderScores() {
    tbody.replaceChildren();
    if (!state.extraction) return;
    for (const s of sortedScores(state.extraction)) {
      const tr = document.createElement('tr');
      tr.dataset.node = String(s.node);
      tr.dataset.role = s.role;
      if (s.selected) tr.className = 'selected';
      for (const v of [String(s.node), s.tag, s.role, count(s.wordNum), count(s.linkNum),
        count(s.tagNum), num(s.nodeImp), num(s.widthAttr), num(s.weight), s.selected ? 'yes' : '']) {
        tr.append(el('td', v));
      }
      tbody.append(tr);
    }
  }

  function renderText(ex) {
    const box = $('text');
    box.replaceChildren();
    if (!ex.blocks.length) box.append(el('p', 'No article found.', 'muted'));
    ex.blocks.forEach((b, i) => {
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
    if (tr) highlight([Number(tr.dataset.node)], true);
  });
  $('text').addEventListener('mouseover', (e) => {
    const p = e.target.closest && e.target.closest('[data-block]');
    if (p && state.extraction) highlight(state.extraction.blocks[Number(p.dataset.block)].nodes, false);
  });
  $('text').addEventListener('mouseleave', clearHighlight);
  showAll.addEventListener('change', renderScores);
  picker.addEventListener('change', () => {
    history.replaceState(null, '', `?sample=${encodeURIComponent(picker.value)}`);
    loadSample(picker.value);
  });

  loadSample(new URLSearchParams(location.search).get('sample') || 'article');
})();
