// "See the decision": the on-page overlay, and the page side of the devtools
// panel. Injected on demand after the content script (content/content.js,
// whose extraction and node ids it uses), by the action's context menu, the
// keyboard command, the reader's button or the devtools panel.
//
// The overlay is one host element appended to <html> while it is on, with a
// closed shadow root: the page's styles do not reach it (its own styles are a
// constructed sheet, the host's are inline !important), it is fixed over the
// viewport and out of the flow (the page does not reflow), and its boxes are
// placed from getBoundingClientRect: again on scroll and resize (once per
// frame) and after content loads late (a MutationObserver, which re-reads the
// page). Off removes the host and every listener, observer and timer: the
// page is exactly as before.
//
// Like content.js it marks itself under a symbol (no global name a page
// could shadow) and is reached by messages.

(() => {
  const INSTALLED = Symbol.for('pith.see');
  if (globalThis[INSTALLED]) return;
  const content = globalThis[Symbol.for('pith.content')];
  if (!content) return; // injected without content.js: nothing to draw from

  /** The colours of the legend: content (area and blocks), rejected candidates, records, the panel's selection. */
  const COLOURS = { content: '#1a7f37', rejected: '#cf222e', records: '#0969da', selected: '#bf8700' };
  /**
   * Rejected candidates drawn: leaves the decision scored but did not keep,
   * whose probability is at least this (a one-in-ten chance: the leaves it
   * weighed, below the shipped decision's floor too)…
   */
  const REJECTED_MIN_SCORE = 0.1;
  /** …and at most this many, the likeliest first (a page of links has thousands). */
  const MAX_REJECTED = 300;
  /** Late content is re-read this long after the page stops changing. */
  const LATE_CONTENT_DEBOUNCE_MS = 300;
  /** The z-index of the layer: the largest a browser accepts (2³¹ − 1). */
  const TOP_Z = '2147483647';
  /** The hover card's size (px), kept inside the viewport. */
  const CARD_WIDTH = 360;
  const CARD_MAX_HEIGHT = 420;

  const CSS = `
    :host { all: initial; }
    .box { position: absolute; box-sizing: border-box; border: 2px solid; pointer-events: none; }
    .box.content { border-color: ${COLOURS.content}; background: ${COLOURS.content}14; }
    .box.area { border: 3px dashed ${COLOURS.content}; background: none; }
    .box.rejected { border-color: ${COLOURS.rejected}; border-style: dotted; }
    .box.records { border-color: ${COLOURS.records}; background: ${COLOURS.records}14; }
    .box.selected { border: 3px solid ${COLOURS.selected}; background: ${COLOURS.selected}22; }
    .box.hover { box-shadow: 0 0 0 2px #000a; }
    .label { position: absolute; top: -2px; left: -2px; transform: translateY(-100%);
      font: 11px/1.3 system-ui, sans-serif; color: #fff; padding: 0 4px; white-space: nowrap; border-radius: 2px 2px 0 0; }
    .content > .label, .area > .label { background: ${COLOURS.content}; }
    .rejected > .label { background: ${COLOURS.rejected}; }
    .records > .label { background: ${COLOURS.records}; }
    .selected > .label { background: ${COLOURS.selected}; }
    .legend, .card { position: absolute; font: 12px/1.4 system-ui, sans-serif; color: #1f2328; background: #fffffff2;
      border: 1px solid #8c959f; border-radius: 6px; box-shadow: 0 2px 8px #0003; padding: 8px 10px; }
    .legend { right: 12px; bottom: 12px; pointer-events: auto; max-width: 280px; }
    .legend h2 { font: 600 12px/1.4 system-ui, sans-serif; margin: 0 0 4px; }
    .legend ul { list-style: none; margin: 0; padding: 0; }
    .legend li { display: flex; align-items: center; gap: 6px; }
    .swatch { display: inline-block; width: 14px; height: 10px; border: 2px solid; }
    .legend p { margin: 4px 0 0; color: #57606a; }
    .legend button { font: inherit; margin-top: 4px; cursor: pointer; }
    .card { width: ${CARD_WIDTH}px; max-height: ${CARD_MAX_HEIGHT}px; overflow: hidden; pointer-events: none; }
    .card h3 { font: 600 12px/1.4 system-ui, sans-serif; margin: 0; }
    .card .reason { margin: 2px 0 4px; color: #57606a; }
    .card table { border-collapse: collapse; width: 100%; }
    .card td { padding: 0 4px; vertical-align: top; font-size: 11px; }
    .card td.signal { color: #57606a; }
    .card td.value { text-align: right; font-variant-numeric: tabular-nums; }
  `;

  /** The one overlay state; null fields while off. */
  const state = {
    on: false,
    host: null,
    shadow: null,
    layer: null,
    /** The last extraction (ContentResult) and what the boxes were made from. */
    result: null,
    options: {},
    /** Drawn boxes: {kind, node, el (the box), label, row}. */
    boxes: [],
    /** The node the devtools panel selected (an id), or null. */
    selected: null,
    card: null,
    frame: 0,
    lateTimer: 0,
    observer: null,
    listeners: [],
    /** Row of each node id in the last score table. */
    rowOf: new Map(),
    /** Each walked DOM node's id, from the last extraction. */
    idOf: new WeakMap(),
  };

  const el = (tag, cls, text) => {
    const e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text != null) e.textContent = text;
    return e;
  };

  /** The viewport rectangle of node `id`, or null where it has no box. */
  function rectOf(id) {
    const node = content.node(id);
    if (!node || !node.isConnected) return null;
    let r;
    if (node.nodeType === 1) {
      r = node.getBoundingClientRect();
    } else if (node.nodeType === 3) {
      const range = document.createRange();
      range.selectNodeContents(node);
      r = range.getBoundingClientRect();
    } else {
      return null;
    }
    return r.width > 0 || r.height > 0 ? r : null;
  }

  /** The union of the rectangles of `ids`, or null. */
  function unionRect(ids) {
    let box = null;
    for (const id of ids) {
      const r = rectOf(id);
      if (!r) continue;
      if (!box) box = { left: r.left, top: r.top, right: r.right, bottom: r.bottom };
      else {
        box.left = Math.min(box.left, r.left); box.top = Math.min(box.top, r.top);
        box.right = Math.max(box.right, r.right); box.bottom = Math.max(box.bottom, r.bottom);
      }
    }
    return box;
  }

  const fmt = (v) => (v == null ? '—' : Number.isInteger(v) ? String(v) : v.toFixed(Math.abs(v) >= 100 ? 0 : 2));

  /**
   * What to outline, from an extraction with its score table: the content
   * area (the decision's root), each content block (the article's blocks,
   * labelled with the best decision score among their leaves), rejected
   * candidates, and the structured records (the records area and the
   * records read from it).
   * @returns {{kind: string, nodes: number[], label: string, row: Object|null}[]}
   */
  function plan(extraction) {
    const scores = extraction.scores;
    const items = [];
    if (!scores) return items;
    const col = (key) => scores.columns.findIndex((c) => c.key === key);
    const scoreCol = col('decision.score');
    const areaCol = col('records.area');
    const rows = new Map(scores.rows.map((r) => [r.node, r]));
    // Each block's node ids; the best-scored leaf under them.
    const blockOf = new Map();
    extraction.blocks.forEach((b, i) => { for (const n of b.nodes || []) blockOf.set(n, i); });
    const best = extraction.blocks.map(() => null);
    for (const r of scores.rows) {
      const s = scoreCol >= 0 ? r.values[scoreCol] : null;
      if (s == null) continue;
      for (let n = r.node; n != null; n = rows.get(n)?.parent) {
        const b = blockOf.get(n);
        if (b === undefined) continue;
        if (!best[b] || s > best[b].values[scoreCol]) best[b] = r;
        break;
      }
    }
    if (extraction.root != null) {
      items.push({ kind: 'area', nodes: [extraction.root], label: `content area · ${extraction.pageType.kind}`, row: rows.get(extraction.root) || null });
    }
    extraction.blocks.forEach((b, i) => {
      const row = best[i];
      const s = row ? row.values[scoreCol] : null;
      items.push({ kind: 'content', nodes: b.nodes || [], label: `${b.kind} ${fmt(s)}`, row });
    });
    if (scoreCol >= 0) {
      const rejected = scores.rows
        .filter((r) => !r.content && r.values[scoreCol] != null && r.values[scoreCol] >= REJECTED_MIN_SCORE)
        .sort((a, b) => b.values[scoreCol] - a.values[scoreCol])
        .slice(0, MAX_REJECTED);
      for (const r of rejected) items.push({ kind: 'rejected', nodes: [r.node], label: `✗ ${fmt(r.values[scoreCol])}`, row: r });
    }
    if (areaCol >= 0) {
      // The records area: its topmost node (the others are inside it).
      const inArea = new Set(scores.rows.filter((r) => r.values[areaCol] === 1).map((r) => r.node));
      for (const n of inArea) {
        if (inArea.has(rows.get(n)?.parent)) continue;
        items.push({ kind: 'records', nodes: [n], label: `records · ${extraction.records.length} pairs`, row: rows.get(n) || null });
      }
    }
    for (const rec of extraction.records || []) {
      items.push({ kind: 'records', nodes: rec.nodes, label: rec.name, row: null });
    }
    return items;
  }

  function makeLayer() {
    const host = document.createElement('div');
    hosts.add(host);
    // Inline !important: no page rule can override it.
    const style = {
      all: 'initial', position: 'fixed', top: '0', left: '0', width: '100vw', height: '100vh',
      margin: '0', padding: '0', border: '0', 'pointer-events': 'none', 'z-index': TOP_Z,
      display: 'block', overflow: 'hidden', contain: 'strict', visibility: 'visible', opacity: '1', transform: 'none',
    };
    for (const [k, v] of Object.entries(style)) host.style.setProperty(k, v, 'important');
    const shadow = host.attachShadow({ mode: 'closed' });
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(CSS);
    shadow.adoptedStyleSheets = [sheet];
    const layer = el('div', 'layer');
    shadow.append(layer);
    document.documentElement.append(host);
    Object.assign(state, { host, shadow, layer });
  }

  function removeLayer() {
    state.host?.remove();
    Object.assign(state, { host: null, shadow: null, layer: null, boxes: [], card: null });
  }

  function legend(extraction, timing) {
    const box = el('div', 'legend');
    box.append(el('h2', null, 'Pith: why this content'));
    const list = el('ul');
    for (const [kind, text] of [
      ['content', 'content area (dashed) and its blocks, with the decision\u2019s score'],
      ['rejected', 'rejected candidates, with their score'],
      ['records', 'structured records'],
    ]) {
      const li = el('li');
      const sw = el('span', 'swatch');
      sw.style.borderColor = COLOURS[kind];
      li.append(sw, el('span', null, text));
      list.append(li);
    }
    box.append(list);
    const pt = extraction.pageType;
    box.append(el('p', null, `${pt.kind} (${Math.round(pt.confidence * 100)}%) · ${extraction.blocks.length} blocks · ${Math.round(timing?.extractMs ?? 0)} ms`));
    box.append(el('p', null, 'Hover a box for its signals. Escape closes.'));
    const close = el('button', null, 'Close');
    close.type = 'button';
    close.addEventListener('click', () => off());
    box.append(close);
    return box;
  }

  /** Builds the boxes (without placing them) from the last extraction. */
  function build() {
    const { layer, result } = state;
    layer.replaceChildren();
    state.boxes = [];
    if (state.on && result) {
      for (const item of plan(result.extraction)) {
        const box = el('div', `box ${item.kind}`);
        box.append(el('span', 'label', item.label));
        layer.append(box);
        state.boxes.push({ ...item, el: box });
      }
      layer.append(legend(result.extraction, result.timing));
    }
    if (state.selected != null) {
      const box = el('div', 'box selected');
      box.append(el('span', 'label', `selected #${state.selected}`));
      layer.append(box);
      state.boxes.push({ kind: 'selected', nodes: [state.selected], label: 'selected', row: state.rowOf.get(state.selected) || null, el: box });
    }
    place();
  }

  /** Places every box over its nodes' current rectangles. */
  function place() {
    state.frame = 0;
    for (const b of state.boxes) {
      const r = unionRect(b.nodes);
      b.rect = r;
      b.el.style.display = r ? 'block' : 'none';
      if (!r) continue;
      b.el.style.left = `${r.left}px`;
      b.el.style.top = `${r.top}px`;
      b.el.style.width = `${r.right - r.left}px`;
      b.el.style.height = `${r.bottom - r.top}px`;
    }
  }

  function schedulePlace() {
    if (!state.frame) state.frame = requestAnimationFrame(place);
  }

  /** The signal breakdown of `box` (its row's values, by signal). */
  function showCard(box, x, y) {
    if (!state.card) {
      state.card = el('div', 'card');
      state.layer.append(state.card);
    }
    const card = state.card;
    card.replaceChildren();
    const row = box.row;
    card.append(el('h3', null, row ? `${box.label} · <${row.tag}> #${row.node}` : box.label));
    if (row && row.reason) card.append(el('p', 'reason', row.reason));
    const scores = state.result.extraction.scores;
    if (row && scores) {
      const table = el('table');
      // The decision's own columns first, then every signal's.
      const order = scores.columns.map((c, i) => [c, i]);
      order.sort(([a], [b]) => (b.signal === 'decision') - (a.signal === 'decision'));
      order.forEach(([c, i]) => {
        const v = row.values[i];
        if (v == null) return;
        const tr = el('tr');
        tr.append(el('td', 'signal', c.signal), el('td', null, c.label), el('td', 'value', fmt(v)));
        table.append(tr);
      });
      card.append(table);
    }
    const w = globalThis.innerWidth;
    const h = globalThis.innerHeight;
    card.style.left = `${Math.max(0, Math.min(x + 12, w - CARD_WIDTH - 4))}px`;
    card.style.top = `${Math.max(0, Math.min(y + 12, h - CARD_MAX_HEIGHT - 4))}px`;
    card.style.display = 'block';
  }

  /** The hovered box: the smallest one under the pointer (hit-tested, so the page keeps its clicks). */
  function onPointerMove(e) {
    if (!state.on) return;
    let hit = null;
    let area = Infinity;
    for (const b of state.boxes) {
      const r = b.rect;
      if (!r || b.kind === 'selected' || e.clientX < r.left || e.clientX > r.right || e.clientY < r.top || e.clientY > r.bottom) continue;
      const a = (r.right - r.left) * (r.bottom - r.top);
      if (a < area) { hit = b; area = a; }
    }
    for (const b of state.boxes) b.el.classList.toggle('hover', b === hit);
    if (hit) showCard(hit, e.clientX, e.clientY);
    else if (state.card) state.card.style.display = 'none';
  }

  function onKey(e) {
    if (e.key === 'Escape' && state.on) off();
  }

  /** Whether a mutation is the overlay's own (its host coming or going). */
  const hosts = new WeakSet();
  const ours = (m) => hosts.has(m.target)
    || (m.type === 'childList' && [...m.addedNodes, ...m.removedNodes].every((n) => hosts.has(n)));

  function onMutations(records) {
    if (records.every(ours)) return;
    clearTimeout(state.lateTimer);
    state.lateTimer = setTimeout(() => { refresh().catch(() => {}); }, LATE_CONTENT_DEBOUNCE_MS);
  }

  function listen(target, type, fn, options) {
    target.addEventListener(type, fn, options);
    state.listeners.push(() => target.removeEventListener(type, fn, options));
  }

  function startWatching() {
    if (state.listeners.length) return;
    listen(globalThis, 'scroll', schedulePlace, { capture: true, passive: true });
    listen(globalThis, 'resize', schedulePlace, { passive: true });
    listen(globalThis, 'keydown', onKey, { capture: true });
    listen(globalThis, 'pointermove', onPointerMove, { capture: true, passive: true });
    state.observer = new MutationObserver(onMutations);
    state.observer.observe(document.documentElement, { childList: true, subtree: true, characterData: true, attributes: true, attributeFilter: ['class', 'style', 'hidden'] });
    state.listeners.push(() => state.observer.disconnect());
  }

  function stopWatching() {
    for (const stop of state.listeners.splice(0)) stop();
    state.observer = null;
    clearTimeout(state.lateTimer);
    if (state.frame) cancelAnimationFrame(state.frame);
    state.lateTimer = 0;
    state.frame = 0;
  }

  /** Whether anything is drawn (the overlay, or only the panel's selection). */
  const drawn = () => state.on || state.selected != null;

  function redraw() {
    if (!drawn()) {
      stopWatching();
      removeLayer();
      return;
    }
    if (!state.host) makeLayer();
    startWatching();
    build();
  }

  /** Remembers an extraction (and each walked node's id). */
  function remember(result) {
    state.result = result;
    state.rowOf = new Map((result.extraction.scores?.rows || []).map((r) => [r.node, r]));
    state.idOf = new WeakMap();
    for (let id = 0; ; id++) {
      const n = content.node(id);
      if (n == null) break;
      state.idOf.set(n, id);
    }
  }

  /**
   * Extracts the page again (with the scores and the options last given)
   * and redraws. The host is taken out first, so that the walk never reads it.
   */
  async function refresh(options = state.options) {
    state.options = options;
    const host = state.host;
    if (host) host.remove();
    let result;
    try {
      result = await content.extract({ ...options, scores: true });
    } finally {
      if (host && state.host === host && drawn()) document.documentElement.append(host);
    }
    if (!result.ok) throw new Error(result.error);
    remember(result);
    if (state.observer) state.observer.takeRecords(); // the host's own coming and going
    if (drawn() && state.layer) build();
    return result;
  }

  async function on(options) {
    state.on = true;
    if (!state.result || options) await refresh(options ?? state.options);
    redraw();
    if (state.observer) state.observer.takeRecords();
  }

  function off() {
    state.on = false;
    state.selected = null;
    redraw();
  }

  /** The panel's selection: outline node `id` (null: none), scrolled into view. */
  function select(id) {
    state.selected = id == null ? null : id;
    if (id != null) {
      const node = content.node(id);
      const target = node && (node.nodeType === 1 ? node : node.parentElement);
      const r = rectOf(id);
      if (target && (!r || r.bottom < 0 || r.top > globalThis.innerHeight)) target.scrollIntoView({ block: 'center' });
    }
    redraw();
    if (state.observer) state.observer.takeRecords();
  }

  /**
   * The node id of a DOM node (the element the Elements panel selected), or
   * why it has none: {node} | {node: null, reason}.
   */
  function idOfNode(n) {
    if (!n) return { node: null, reason: 'nothing is selected' };
    const id = state.idOf.get(n);
    if (id !== undefined) {
      return state.rowOf.has(id) ? { node: id } : { node: null, reason: 'not scored: text inside a scored element (see its parent\u2019s row)' };
    }
    if (!state.result) return { node: null, reason: 'not scored: the page was not read yet' };
    if (!n.isConnected) return { node: null, reason: 'not scored: no longer in the page' };
    if (state.host && (n === state.host || state.host.contains(n))) return { node: null, reason: 'not scored: Pith\u2019s own overlay' };
    if (n.nodeType === 1) {
      const tag = n.localName;
      if (['script', 'style', 'noscript', 'template', 'link', 'meta', 'head', 'title', 'base'].includes(tag) || n.closest('head')) {
        return { node: null, reason: `not scored: <${tag}> holds no readable content` };
      }
      const cs = getComputedStyle(n);
      if (cs.display === 'none') return { node: null, reason: 'not scored: hidden (display: none)' };
      if (n.closest('svg, math') && !['svg', 'math'].includes(tag)) return { node: null, reason: 'not scored: inside an SVG or MathML element, read as one' };
    }
    return { node: null, reason: 'not scored: added after the last extraction, or not read by the walker' };
  }

  /** The DOM node of id `id` (for the panel's "reveal in Elements"). */
  const nodeOf = (id) => content.node(id);

  /** What the overlay shows now, for tests (in the extension's world only). */
  function snapshot() {
    return {
      on: state.on,
      attached: !!state.host && state.host.isConnected,
      selected: state.selected,
      card: state.card && state.card.style.display !== 'none' ? state.card.textContent : null,
      hovered: state.boxes.find((b) => b.el.classList.contains('hover'))?.label ?? null,
      boxes: state.boxes.map((b) => ({
        kind: b.kind, nodes: b.nodes, label: b.label,
        rect: b.rect ? { left: b.rect.left, top: b.rect.top, right: b.rect.right, bottom: b.rect.bottom } : null,
      })),
    };
  }

  chrome.runtime.onMessage.addListener((message, _sender, sendResponse) => {
    if (!message) return false;
    const reply = (work) => {
      Promise.resolve().then(work).then(sendResponse, (e) => sendResponse({ ok: false, error: String(e && e.message ? e.message : e) }));
      return true;
    };
    switch (message.type) {
      case PithMessages.BG_CS_OVERLAY:
        return reply(async () => {
          const want = message.on === 'toggle' ? !state.on : !!message.on;
          if (want) await on(message.options);
          else off();
          return { ok: true, on: state.on };
        });
      case PithMessages.UI_CS_SEE_EXTRACT:
        return reply(async () => ({ ...(await refresh(message.options || {})), overlay: state.on }));
      case PithMessages.UI_CS_SEE_SELECT:
        return reply(() => { select(message.node); return { ok: true }; });
      default:
        return false;
    }
  });

  globalThis[INSTALLED] = { on, off, select, refresh, idOfNode, nodeOf, snapshot };
})();
