// The JS walker: the same walk as src/web/walk.rs, in plain JS, for pages
// whose Content-Security-Policy blocks WebAssembly in content scripts. It
// reads the same facts in the same order (see the walk rules in
// src/model/facts.rs); the wasm core scores them elsewhere (the service
// worker) and node ids map back through `nodes`. An end-to-end test checks
// that both walkers give equal facts and equal scores on one page.
//
// Defines the global `PithWalker` (a classic script, injected as a file).

// eslint-disable-next-line no-var
var PithWalker = (() => {
  // Keep in step with SKIPPED_TAGS, OPAQUE_TAGS and FRAME_TAGS in src/model/facts.rs.
  const SKIPPED_TAGS = new Set([
    'script', 'style', 'template', 'link', 'meta', 'base', 'title', 'head',
  ]);
  // Keep in step with NOSCRIPT_MIN_MARKUP (UTF-16 code units, as .length).
  const NOSCRIPT_MIN_MARKUP = 1000;
  const OPAQUE_TAGS = new Set([
    'svg', 'select', 'textarea', 'object', 'embed', 'video', 'audio', 'canvas',
  ]);
  // Keep in step with FALLBACK_TAG: entered when an element child renders.
  const FALLBACK_TAG = 'object';
  // Keep in step with FRAME_TAGS: entered when their document is readable.
  const FRAME_TAGS = new Set(['iframe', 'frame']);
  // Keep in step with BOXED_INLINE_TAGS: replaced elements, whose box is
  // read even at display: inline; a non-replaced inline element's is not.
  const BOXED_INLINE_TAGS = new Set([
    'img', 'input', 'button', 'iframe', 'frame', 'svg', 'select', 'textarea', 'object', 'embed', 'video', 'audio',
    'canvas',
  ]);
  // Keep in step with READ_ATTRIBUTES: attributes read only on these tags.
  const READ_ATTRIBUTES = new Map([
    ['img', ['srcset', 'data-src', 'data-srcset', 'data-lazy-src', 'data-original', 'width', 'height']],
    ['source', ['srcset', 'data-srcset', 'type']],
    ['td', ['colspan', 'rowspan']],
    ['th', ['colspan', 'rowspan']],
    ['ol', ['start']],
    ['time', ['datetime']],
  ]);
  // Rust's char::is_whitespace set (Unicode White_Space), which the core uses;
  // JS's \s differs (it has U+FEFF, lacks U+0085).
  const BLANK = /^[\t-\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]*$/;
  // Opacity 0 is not hidden: pages fade text in on scroll from opacity 0.
  const VISIBILITY_OPTIONS = { visibilityProperty: true };
  const HTML_CONTENT_TYPES = ['text/html', 'application/xhtml+xml'];

  /** Lower-cases ASCII letters only, as the core's walker does. */
  function asciiLower(s) {
    return s.replace(/[A-Z]+/g, (m) => m.toLowerCase());
  }

  /** Pushes `parent`'s children (lastChild / previousSibling: iterating childNodes took 11× as long on the 200k-element bench page) in reverse. */
  function pushChildren(stack, parent, index, hidden, frame) {
    for (let c = parent.lastChild; c; c = c.previousSibling) stack.push([c, index, hidden, frame]);
  }

  /**
   * Pushes the children that render: a shadow host's open shadow tree, a
   * slot's assigned nodes (its own children when none are assigned), else
   * the DOM children.
   */
  function pushRenderedChildren(stack, node, tag, index, hidden, frame) {
    if (node.shadowRoot) return pushChildren(stack, node.shadowRoot, index, hidden, frame);
    if (tag === 'slot') {
      const assigned = node.assignedNodes({ flatten: true });
      if (assigned.length) {
        for (let i = assigned.length - 1; i >= 0; i--) stack.push([assigned[i], index, hidden, frame]);
        return;
      }
    }
    return pushChildren(stack, node, index, hidden, frame);
  }

  /**
   * A noscript's content: its raw markup parsed as a document (inert), whose
   * body's children the walk reads; null when the markup is short.
   */
  function noscriptBody(node) {
    const markup = node.textContent || '';
    if (markup.length < NOSCRIPT_MIN_MARKUP) return null;
    return new DOMParser().parseFromString(markup, 'text/html').body;
  }

  /**
   * A frame's document when this page may read it (same origin, srcdoc) and
   * it is HTML; null for cross-origin frames.
   */
  function frameDocument(node) {
    let doc = null;
    try { doc = node.contentDocument; } catch { return null; }
    return doc && HTML_CONTENT_TYPES.includes(doc.contentType) ? doc : null;
  }

  /** Whose children a frame shows: its body, else its root element. */
  function frameRoot(doc) {
    return doc.body || doc.documentElement;
  }

  /** Sets `obj[key] = value` unless value is empty (the core's default). */
  function put(obj, key, value) {
    if (value) obj[key] = value;
  }

  /**
   * Walks a rendered document.
   * @param {Document} doc
   * @returns {{facts: Object, nodes: Node[]}}
   */
  function walk(doc) {
    if (!HTML_CONTENT_TYPES.includes(doc.contentType)) {
      throw new Error(`pith: not an HTML page (${doc.contentType})`);
    }
    const win = doc.defaultView;
    const html = doc.documentElement;
    const start = doc.body || html;
    const scrollX = win.scrollX;
    const scrollY = win.scrollY;
    const facts = {
      url: doc.URL,
      title: doc.title,
      lang: html.getAttribute('lang') || '',
      dir: html.getAttribute('dir') || '',
      meta: [],
      jsonLd: [],
      viewportWidth: html.clientWidth,
      viewportHeight: html.clientHeight,
      nodes: [],
      framesSkipped: [],
    };
    // Relative addresses resolve against this (a <base href>); kept only
    // where it differs from the page's address.
    if (doc.baseURI !== doc.URL) facts.baseUrl = doc.baseURI;
    for (const m of doc.querySelectorAll('meta')) {
      const key = m.getAttribute('property') ?? m.getAttribute('name') ?? m.getAttribute('itemprop');
      const content = m.getAttribute('content');
      if (key !== null && content !== null) facts.meta.push({ key, content });
    }
    for (const s of doc.querySelectorAll("script[type='application/ld+json']")) {
      facts.jsonLd.push(s.textContent || '');
    }

    const out = facts.nodes;
    const nodes = [];
    const fontRead = [];
    // The documents walked: the page, then each same-origin frame entered,
    // with the offset from its viewport's coordinates to the page's.
    const frames = [{ win, x: scrollX, y: scrollY }];
    const frameOf = [];
    // [node, parent index, inside a hidden subtree, frame]
    const stack = [[start, -1, false, 0]];
    // The last element's computed style, by node index: its first text
    // child, most often the next node walked, reads its font from it (one
    // getComputedStyle call per text-holding element saved).
    let lastStyleIndex = -1;
    let lastStyle = null;
    while (stack.length) {
      const [node, parent, inHidden, frame] = stack.pop();
      const index = out.length;
      if (node.nodeType === Node.TEXT_NODE) {
        const data = node.nodeValue || '';
        if (parent >= 0 && !fontRead[parent] && !BLANK.test(data)) {
          fontRead[parent] = true;
          const visual = out[parent].visual;
          if (visual) {
            const style = lastStyleIndex === parent ? lastStyle : frames[frameOf[parent]].win.getComputedStyle(nodes[parent]);
            visual.fontSize = style.getPropertyValue('font-size');
            visual.fontWeight = style.getPropertyValue('font-weight');
            visual.lineHeight = style.getPropertyValue('line-height');
          }
        }
        out.push({ parent, tag: '#text', text: data });
      } else if (node.nodeType === Node.ELEMENT_NODE) {
        const tag = asciiLower(node.localName);
        if (SKIPPED_TAGS.has(tag)) continue;
        // Inside a hidden subtree nothing renders: no style or layout is
        // read, the structure and text are.
        const style = inHidden ? null : frames[frame].win.getComputedStyle(node);
        const display = style ? style.getPropertyValue('display') : '';
        const hidden = inHidden || display === 'none'
          || (display !== 'contents' && !node.checkVisibility(VISIBILITY_OPTIONS));
        const f = { parent, tag };
        // Most elements carry no attribute at all: one call saves seven.
        if (node.hasAttributes()) {
          put(f, 'id', node.getAttribute('id'));
          put(f, 'class', node.getAttribute('class'));
          put(f, 'role', node.getAttribute('role'));
          if (tag === 'a') {
            const href = node.getAttribute('href');
            if (href !== null) f.href = href;
          }
          if (tag === 'img') {
            put(f, 'src', node.getAttribute('src'));
            put(f, 'alt', node.getAttribute('alt'));
          }
          put(f, 'dir', node.getAttribute('dir'));
          put(f, 'rel', node.getAttribute('rel'));
          put(f, 'itemprop', node.getAttribute('itemprop'));
          if ((node.getAttribute('aria-hidden') || '').trim() === 'true') f.ariaHidden = true;
          const names = READ_ATTRIBUTES.get(tag);
          if (names) {
            const attrs = [];
            for (const k of names) {
              const v = node.getAttribute(k);
              if (v !== null) attrs.push(k, v);
            }
            if (attrs.length) f.attrs = attrs;
          }
        }
        let r = null;
        if (hidden) {
          f.hidden = true;
        } else {
          f.visual = { display };
          // reads_box: a non-replaced inline element's box is its block's
          // (src/model/facts.rs), not read.
          if (display !== 'inline' || BOXED_INLINE_TAGS.has(tag)) {
            r = node.getBoundingClientRect();
            f.visual.x = r.x + frames[frame].x;
            f.visual.y = r.y + frames[frame].y;
            f.visual.w = r.width;
            f.visual.h = r.height;
          }
          // Inline boxes are placed by their line: `position` is not read.
          if (display !== 'inline') put(f.visual, 'position', style.getPropertyValue('position'));
        }
        out.push(f);
        lastStyleIndex = hidden ? -1 : index;
        lastStyle = hidden ? null : style;
        if (tag === 'noscript') {
          const body = noscriptBody(node);
          if (body) pushChildren(stack, body, index, true, frame);
        } else if (FRAME_TAGS.has(tag)) {
          const inner = frameDocument(node);
          if (inner) {
            // The frame's content lies at its content box (inside its border).
            frames.push({
              win: inner.defaultView || frames[frame].win,
              x: frames[frame].x + (r ? r.x : 0) + node.clientLeft,
              y: frames[frame].y + (r ? r.y : 0) + node.clientTop,
            });
            const root = frameRoot(inner);
            if (root) pushChildren(stack, root, index, hidden, frames.length - 1);
          } else {
            // The src property: the address resolved.
            if (node.src) facts.framesSkipped.push(node.src);
          }
        } else if (!OPAQUE_TAGS.has(tag)
          || (tag === FALLBACK_TAG && !hidden && [...node.children].some((c) => c.checkVisibility(VISIBILITY_OPTIONS)))) {
          pushRenderedChildren(stack, node, tag, index, hidden, frame);
        }
      } else {
        continue;
      }
      nodes.push(node);
      fontRead.push(false);
      frameOf.push(frame);
    }
    if (!facts.framesSkipped.length) delete facts.framesSkipped;
    return { facts, nodes };
  }

  return { walk };
})();
