// The devtools panel "Pith": every scored node of the inspected page in a
// table (tag path, each column of the core's score table, the decision and
// its reason), sortable and filterable; the page type, the content area and
// each stage's time; the tunable parameters as controls (re-reading the page
// on a change); selection in both directions with the Elements panel;
// export as JSON and CSV.
//
// The columns come from the score table itself (its ColumnSpecs) and the
// controls from the core's parameters() (ParamSpecs): a signal or a
// parameter added to the core appears here with no change to this file.
//
// It reaches the page through the inspected tab id: the background injects
// the content script and content/overlay.js (UI_BG_SEE_ATTACH), then the
// panel messages them (UI_CS_SEE_*). chrome.devtools.inspectedWindow.eval
// with useContentScriptContext reads the Elements panel's selection ($0) and
// reveals a row's element (inspect()).

(() => {
  /** Rows drawn at once (a large page has tens of thousands): filter to see others. */
  const MAX_ROWS_SHOWN = 1500;
  /** A parameter change re-reads the page this long after the last change. */
  const TUNE_DEBOUNCE_MS = 250;
  /** Ancestors shown in a tag path (the full path is the cell's title). */
  const PATH_DEPTH = 5;

  const devtools = chrome.devtools;
  const tabId = devtools.inspectedWindow.tabId;
  const $ = (id) => document.getElementById(id);
  const el = (tag, text, cls) => {
    const e = document.createElement(tag);
    if (text != null) e.textContent = text;
    if (cls) e.className = cls;
    return e;
  };

  const state = {
    /** The last SeeResult. */
    result: null,
    /** ParamSpec[] from the core. */
    specs: [],
    /** Overrides by key. */
    params: {},
    sort: { key: null, dir: 1 },
    selected: null,
    /** Per row: its tag path. */
    paths: new Map(),
    /** The rows as filtered and sorted now. */
    view: [],
    tuneTimer: 0,
    /** Reads started; a read's result is shown only if no later read has started. */
    readsStarted: 0,
    /** Times the user switched the overlay box; a read started before a switch leaves the box alone. */
    overlaySwitches: 0,
  };

  function status(text, error = false) {
    $('status').textContent = text;
    $('status').classList.toggle('error', error);
  }

  const fmt = (v) => (v == null ? '' : Number.isInteger(v) ? String(v) : String(Math.round(v * 1000) / 1000));

  function send(message) {
    return chrome.tabs.sendMessage(tabId, message, { frameId: 0 });
  }

  /** chrome.devtools.inspectedWindow.eval in the content script's world, as a promise. */
  function evalInPage(expression) {
    return new Promise((resolve, reject) => {
      devtools.inspectedWindow.eval(expression, { useContentScriptContext: true }, (value, exception) => {
        if (exception && (exception.isError || exception.isException)) reject(new Error(exception.value || exception.description || 'eval failed'));
        else resolve(value);
      });
    });
  }

  async function attach() {
    $('allow').hidden = true;
    const reply = await chrome.runtime.sendMessage({ type: PithMessages.UI_BG_SEE_ATTACH, tabId });
    if (reply && reply.ok) return true;
    if (reply && reply.reason === 'no-access') {
      status('Pith has no access to this page yet: click the Pith button once on it, or allow it on this site.', true);
      $('allow').hidden = false;
    } else {
      status(reply ? reply.error : 'the background did not answer', true);
    }
    return false;
  }

  /** Reads the page (with the current parameters) and shows the result. */
  async function read() {
    const seq = ++state.readsStarted;
    const switches = state.overlaySwitches;
    status('Reading…');
    if (!(await attach())) return;
    const t0 = performance.now();
    const result = await send({ type: PithMessages.UI_CS_SEE_EXTRACT, options: { params: state.params } });
    // A later read (a newer parameter, a reset) owns the panel now: this one's answer is stale.
    if (seq !== state.readsStarted) return;
    if (!result || !result.ok) {
      status(result ? result.error : 'the page did not answer', true);
      return;
    }
    state.result = result;
    // The page's overlay state, unless the user switched the box while this read ran.
    if (switches === state.overlaySwitches) $('overlay').checked = !!result.overlay;
    indexPaths(result.extraction.scores);
    renderSummary(result, performance.now() - t0);
    renderHead(result.extraction.scores);
    renderRows();
    status(`${result.extraction.scores.rows.length} nodes scored (${result.path} path)`);
    document.body.dataset.state = 'ready';
    document.body.dataset.reads = String(Number(document.body.dataset.reads || 0) + 1);
    if (state.selected != null) selectRow(state.selected, { fromPanel: true });
  }

  function indexPaths(scores) {
    const rows = new Map(scores.rows.map((r) => [r.node, r]));
    state.paths = new Map();
    for (const r of scores.rows) {
      const tags = [];
      for (let n = r; n; n = n.parent != null ? rows.get(n.parent) : null) tags.unshift(n.tag);
      state.paths.set(r.node, tags);
    }
  }

  const shortPath = (tags) => (tags.length > PATH_DEPTH ? `… > ${tags.slice(-PATH_DEPTH).join(' > ')}` : tags.join(' > '));

  function pair(dl, name, value, title) {
    const div = el('div');
    const dt = el('dt', name);
    if (title) dt.title = title;
    div.append(dt, el('dd', value));
    dl.append(div);
    return div;
  }

  function renderSummary(result, roundTripMs) {
    const ex = result.extraction;
    const dl = $('summary');
    dl.replaceChildren();
    pair(dl, 'Page type', `${ex.pageType.kind} (${Math.round(ex.pageType.confidence * 100)}%)`);
    pair(dl, 'Readerable', `${ex.readerable ? 'yes' : 'no'}: ${ex.readerableReason}`);
    if (ex.shows) pair(dl, 'Reader shows', ex.shows, 'article: running text; content: the page’s content without long paragraphs; notice: too little to read');
    const area = ex.root != null ? `${shortPath(state.paths.get(ex.root) || ['?'])} (#${ex.root})` : 'none';
    const areaPair = pair(dl, 'Content area', area);
    areaPair.id = 'content-area';
    if (ex.root != null) {
      const go = el('button', 'select');
      go.type = 'button';
      go.addEventListener('click', () => selectRow(ex.root, { fromPanel: true }));
      areaPair.append(go);
    }
    pair(dl, 'Blocks', String(ex.blocks.length));
    pair(dl, 'Words', String(ex.wordCount));
    const reader = result.walker === 'web-sys' ? 'the core\'s own walk' : 'the JS walker';
    pair(dl, 'Path', `${reader}, scored ${result.path === 'wasm' ? 'in the page' : 'in the background'}`);
    // Every stage time the content script measured, and any the extraction
    // itself carries: new stages appear with no change here.
    const timing = $('timing');
    timing.replaceChildren();
    const stages = { ...(result.timing || {}), ...(ex.timing && typeof ex.timing === 'object' ? ex.timing : {}) };
    for (const [name, v] of Object.entries(stages)) {
      if (typeof v === 'number') pair(timing, name, `${v.toFixed(1)} ms`);
    }
    pair(timing, 'panelRoundTripMs', `${roundTripMs.toFixed(1)} ms`, 'From the panel\u2019s request to its answer');
    const pv = $('page-values');
    pv.replaceChildren();
    for (const { column, value } of ex.scores.page) pair(pv, column.key, fmt(value), `${column.description} (${column.source})`);
  }

  /** The table's columns: fixed ones, then one per score-table column. */
  function columns(scores) {
    return [
      { key: '#node', label: 'node', text: false, get: (r) => r.node },
      { key: '#path', label: 'tag path', text: true, get: (r) => state.paths.get(r.node).join(' > ') },
      ...scores.columns.map((c, i) => ({ key: c.key, label: c.label, title: `${c.key}: ${c.description} (${c.source})`, text: false, get: (r) => r.values[i] })),
      { key: '#decision', label: 'decision', text: true, get: decisionOf },
      { key: '#reason', label: 'reason', text: true, get: (r) => r.reason || '' },
    ];
  }

  function decisionOf(r) {
    if (r.content) return 'content';
    return r.reason ? 'rejected' : '';
  }

  function renderHead(scores) {
    const head = $('head');
    head.replaceChildren();
    for (const c of columns(scores)) {
      const th = el('th', c.label, c.text ? 'text' : null);
      th.dataset.key = c.key;
      th.title = c.title || c.label;
      if (state.sort.key === c.key) th.setAttribute('aria-sort', state.sort.dir > 0 ? 'ascending' : 'descending');
      th.addEventListener('click', () => {
        state.sort = { key: c.key, dir: state.sort.key === c.key ? -state.sort.dir : (c.text ? 1 : -1) };
        renderHead(scores);
        renderRows();
      });
      head.append(th);
    }
  }

  /** The rows as the filters and the sort order say. */
  function view() {
    const scores = state.result.extraction.scores;
    const cols = columns(scores);
    const text = $('filter').value.trim().toLowerCase();
    const which = $('decision-filter').value;
    const scoreIx = scores.columns.findIndex((c) => c.key === 'decision.score');
    let rows = scores.rows.filter((r) => {
      const scored = scoreIx >= 0 && r.values[scoreIx] != null;
      if (which === 'scored' && !scored) return false;
      if (which === 'content' && !r.content) return false;
      if (which === 'rejected' && (r.content || !scored)) return false;
      if (!text) return true;
      return state.paths.get(r.node).join(' > ').toLowerCase().includes(text) || (r.reason || '').toLowerCase().includes(text);
    });
    const sortCol = cols.find((c) => c.key === state.sort.key);
    if (sortCol) {
      const { dir } = state.sort;
      rows = rows.map((r) => [sortCol.get(r), r]).sort(([a], [b]) => {
        if (a == null && b == null) return 0;
        if (a == null) return 1; // missing values last, either way
        if (b == null) return -1;
        return (typeof a === 'number' ? a - b : String(a).localeCompare(String(b))) * dir;
      }).map(([, r]) => r);
    }
    return rows;
  }

  function renderRows() {
    const scores = state.result.extraction.scores;
    const cols = columns(scores);
    state.view = view();
    const body = $('rows');
    body.replaceChildren();
    for (const r of state.view.slice(0, MAX_ROWS_SHOWN)) {
      const tr = el('tr');
      tr.dataset.node = String(r.node);
      const d = decisionOf(r);
      if (d) tr.classList.add(d);
      if (r.node === state.selected) tr.classList.add('selected');
      for (const c of cols) {
        const v = c.get(r);
        let td;
        if (c.key === '#path') {
          td = el('td', shortPath(state.paths.get(r.node)), 'text path');
          td.title = v;
        } else if (c.text) {
          td = el('td', v, `text ${c.key.slice(1)}`);
          if (c.key === '#reason') td.title = v;
        } else {
          td = el('td', fmt(v), v == null ? 'null' : null);
        }
        tr.append(td);
      }
      tr.addEventListener('click', () => selectRow(r.node, { fromPanel: true }));
      body.append(tr);
    }
    const shown = Math.min(state.view.length, MAX_ROWS_SHOWN);
    $('count').textContent = shown < state.view.length
      ? `${shown} of ${state.view.length} rows shown (filter to see the others)`
      : `${state.view.length} rows`;
  }

  /**
   * Selects node `id`'s row: marked and scrolled to here; from the panel, it
   * is also outlined on the page. (A row hidden by the filters clears them.)
   */
  async function selectRow(id, { fromPanel }) {
    state.selected = id;
    let tr = $('rows').querySelector(`tr[data-node="${id}"]`);
    if (!tr && state.result) {
      $('filter').value = '';
      $('decision-filter').value = 'all';
      state.sort = { key: null, dir: 1 };
      renderHead(state.result.extraction.scores);
      renderRows();
      tr = $('rows').querySelector(`tr[data-node="${id}"]`);
    }
    for (const row of $('rows').querySelectorAll('tr.selected')) row.classList.remove('selected');
    if (tr) {
      tr.classList.add('selected');
      tr.scrollIntoView({ block: 'nearest' });
    }
    const row = state.result?.extraction.scores.rows.find((r) => r.node === id);
    $('selection').textContent = row
      ? `#${id} <${row.tag}> ${state.paths.get(id).join(' > ')}${row.reason ? ` — ${row.reason}` : ''}`
      : `#${id}`;
    $('reveal').disabled = false;
    if (fromPanel) await send({ type: PithMessages.UI_CS_SEE_SELECT, node: id }).catch(() => {});
  }

  /** The Elements panel's selection: its row, or why it has none. */
  async function onElementsSelection() {
    if (!state.result) return;
    let answer;
    try {
      answer = await evalInPage(`(() => { const see = globalThis[Symbol.for('pith.see')]; return see ? see.idOfNode($0) : {node: null, reason: 'Pith is not in this page'}; })()`);
    } catch (e) {
      $('selection').textContent = `The selected element could not be looked up: ${e.message}`;
      return;
    }
    if (answer && answer.node != null) {
      await selectRow(answer.node, { fromPanel: false });
      await send({ type: PithMessages.UI_CS_SEE_SELECT, node: answer.node }).catch(() => {});
    } else {
      state.selected = null;
      for (const row of $('rows').querySelectorAll('tr.selected')) row.classList.remove('selected');
      $('selection').textContent = `Selected element: ${answer ? answer.reason : 'not scored'}`;
      $('reveal').disabled = true;
      await send({ type: PithMessages.UI_CS_SEE_SELECT, node: null }).catch(() => {});
    }
  }

  function reveal() {
    if (state.selected == null) return;
    evalInPage(`inspect(globalThis[Symbol.for('pith.see')].nodeOf(${Number(state.selected)}))`).catch((e) => status(e.message, true));
  }

  function renderParams() {
    const box = $('params');
    box.replaceChildren();
    for (const p of state.specs) {
      const div = el('div', null, 'param');
      div.dataset.key = p.key;
      const name = el('label', p.name, 'name');
      name.title = `${p.key}: ${p.description}`;
      const range = el('input');
      Object.assign(range, { type: 'range', min: p.min, max: p.max, step: p.step });
      const number = el('input');
      Object.assign(number, { type: 'number', min: p.min, max: p.max, step: p.step });
      number.setAttribute('aria-label', `${p.name} (${p.key})`);
      range.setAttribute('aria-label', `${p.name} (${p.key})`);
      const value = state.params[p.key] ?? p.default;
      range.value = number.value = String(value);
      name.classList.toggle('changed', p.key in state.params);
      const changed = (v) => {
        const x = Number(v);
        if (!Number.isFinite(x) || x < p.min || x > p.max) return;
        // The same value again (a number box's change on blur after an input): nothing to re-read.
        if (x === (state.params[p.key] ?? p.default)) return;
        if (x === p.default) delete state.params[p.key];
        else state.params[p.key] = x;
        range.value = number.value = String(x);
        name.classList.toggle('changed', p.key in state.params);
        clearTimeout(state.tuneTimer);
        state.tuneTimer = setTimeout(() => { read().catch((e) => status(e.message, true)); }, TUNE_DEBOUNCE_MS);
      };
      range.addEventListener('input', () => changed(range.value));
      number.addEventListener('change', () => changed(number.value));
      const source = el('span', `${p.source} · default ${p.default} · ${p.description}`, 'source');
      div.append(name, range, number, source);
      box.append(div);
    }
  }

  /** The table as exported: what the filters show, every row of it, with every column. */
  function exportRows() {
    const scores = state.result.extraction.scores;
    return state.view.map((r) => ({
      node: r.node,
      parent: r.parent,
      path: state.paths.get(r.node).join(' > '),
      tag: r.tag,
      values: Object.fromEntries(scores.columns.map((c, i) => [c.key, r.values[i]])),
      content: r.content,
      reason: r.reason || '',
    }));
  }

  function exportJson() {
    const ex = state.result.extraction;
    return JSON.stringify({
      url: ex.url,
      pageType: ex.pageType,
      root: ex.root,
      path: state.result.path,
      timing: state.result.timing,
      params: { ...state.params },
      columns: ex.scores.columns,
      page: ex.scores.page,
      rows: exportRows(),
    }, null, 2);
  }

  const csvCell = (v) => {
    const s = v == null ? '' : String(v);
    return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
  };

  function exportCsv() {
    const keys = state.result.extraction.scores.columns.map((c) => c.key);
    const lines = [['node', 'parent', 'path', 'tag', ...keys, 'content', 'reason'].map(csvCell).join(',')];
    for (const r of exportRows()) {
      lines.push([r.node, r.parent, r.path, r.tag, ...keys.map((k) => r.values[k]), r.content, r.reason].map(csvCell).join(','));
    }
    return `${lines.join('\r\n')}\r\n`;
  }

  function download(text, type, ext) {
    const url = URL.createObjectURL(new Blob([text], { type }));
    const a = el('a');
    let host = 'page';
    try { host = new URL(state.result.extraction.url).hostname || host; } catch { /* keep */ }
    a.href = url;
    a.download = `pith-scores-${host}.${ext}`;
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10000);
  }

  async function allowSite() {
    const origin = await evalInPage('location.origin').catch(() => null);
    if (!origin || !/^https?:/.test(origin)) {
      status('This page cannot be allowed (not a web page).', true);
      return;
    }
    const granted = await chrome.permissions.request({ origins: [`${origin}/*`] });
    if (granted) await read();
  }

  async function start() {
    await wasm_bindgen({ module_or_path: chrome.runtime.getURL('pkg/pith_bg.wasm') });
    state.specs = wasm_bindgen.parameters();
    renderParams();
    const guard = (f) => () => { f().catch((e) => status(String(e && e.message ? e.message : e), true)); };
    $('reread').addEventListener('click', guard(read));
    $('reset').addEventListener('click', guard(async () => {
      state.params = {};
      renderParams();
      await read();
    }));
    $('overlay').addEventListener('change', guard(async () => {
      state.overlaySwitches++;
      const reply = await chrome.runtime.sendMessage({ type: PithMessages.UI_BG_SEE_ATTACH, tabId, overlay: $('overlay').checked });
      if (!reply || !reply.ok) throw new Error(reply ? reply.error : 'no answer');
    }));
    $('filter').addEventListener('input', () => state.result && renderRows());
    $('decision-filter').addEventListener('change', () => state.result && renderRows());
    $('reveal').addEventListener('click', reveal);
    $('export-json').addEventListener('click', () => state.result && download(exportJson(), 'application/json', 'json'));
    $('export-csv').addEventListener('click', () => state.result && download(exportCsv(), 'text/csv', 'csv'));
    $('allow').addEventListener('click', guard(allowSite));
    devtools.panels.elements?.onSelectionChanged?.addListener(() => { onElementsSelection().catch(() => {}); });
    devtools.network?.onNavigated?.addListener(() => {
      state.result = null;
      state.selected = null;
      setTimeout(guard(read), 0);
    });
    await read();
  }

  start().catch((e) => {
    status(String(e && e.message ? e.message : e), true);
    document.body.dataset.state = 'error';
  });
})();
