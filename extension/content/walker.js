// The JS walker: the same walk as src/web/walk.rs, in plain JS, for pages
// whose Content-Security-Policy blocks WebAssembly in content scripts. It
// reads the same facts in the same order (see the walk rules in
// src/model/facts.rs), packed (src/model/packed.rs); the wasm core scores
// them elsewhere (the service worker) and node ids map back through `nodes`. An end-to-end test checks
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

  // Node.TEXT_NODE and Node.ELEMENT_NODE, without a global lookup a node.
  const TEXT_NODE = 3;
  const ELEMENT_NODE = 1;

  /** Lower-cases ASCII letters only, as the core's walker does. */
  function asciiLower(s) {
    return s.replace(/[A-Z]+/g, (m) => m.toLowerCase());
  }

  /**
   * Pushes `parent`'s children (lastChild / previousSibling: iterating
   * childNodes took 11× as long on the 200k-element bench page) in reverse.
   * The stack is flat: four slots an entry (node, parent index, inside a
   * hidden subtree, frame), no array per node.
   */
  function pushChildren(stack, parent, index, hidden, frame) {
    for (let c = parent.lastChild; c; c = c.previousSibling) stack.push(c, index, hidden, frame);
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
        for (let i = assigned.length - 1; i >= 0; i--) stack.push(assigned[i], index, hidden, frame);
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

  // The packed facts' format (src/model/packed.rs): keep in step with
  // FORMAT, the record kinds and the element flags there.
  const FORMAT = 1;
  const TEXT = 0;
  const ELEMENT = 1;
  const FONT = 2;
  const FRAME_SKIPPED = 3;
  const HIDDEN = 1;
  const ARIA_HIDDEN = 1 << 1;
  const VISUAL = 1 << 2;
  const BOX = 1 << 3;
  const HREF = 1 << 4;
  const ATTRS = 1 << 5;
  const ID = 1 << 6;
  const CLASS = 1 << 7;
  const ROLE = 1 << 8;
  const SRC = 1 << 9;
  const ALT = 1 << 10;
  const DIR = 1 << 11;
  const REL = 1 << 12;
  const ITEMPROP = 1 << 13;
  const POSITION = 1 << 16;

  /**
   * Walks a rendered document into packed facts (src/model/packed.rs):
   * `strings`, every string one after another, and `numbers`, the page's
   * shape with each string's length; a plain array, so that a message
   * carries it as a structured clone or as JSON alike. The core reads them
   * with `extractPacked`, or back into facts with `packedFacts`.
   * @param {Document} doc
   * @returns {{packed: {strings: string, numbers: number[]}, nodes: Node[]}}
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
    const numbers = [FORMAT, html.clientWidth, html.clientHeight];
    const parts = [];
    const str = (s) => {
      numbers.push(s.length);
      parts.push(s);
    };
    str(doc.URL);
    str(doc.title);
    str(html.getAttribute('lang') || '');
    str(html.getAttribute('dir') || '');
    // Relative addresses resolve against this (a <base href>); kept only
    // where it differs from the page's address.
    str(doc.baseURI !== doc.URL ? doc.baseURI : '');
    const meta = [];
    for (const m of doc.querySelectorAll('meta')) {
      const key = m.getAttribute('property') ?? m.getAttribute('name') ?? m.getAttribute('itemprop');
      const content = m.getAttribute('content');
      if (key !== null && content !== null) meta.push(key, content);
    }
    numbers.push(meta.length / 2);
    for (const s of meta) str(s);
    const jsonLd = doc.querySelectorAll("script[type='application/ld+json']");
    numbers.push(jsonLd.length);
    for (const s of jsonLd) str(s.textContent || '');

    const nodes = [];
    // Per local name, once a walk: the tag (the name lower-cased; HTML's
    // already are) and what the sets above say of it, so that an element
    // costs one lookup, not five.
    const tags = new Map();
    // Per node: whether it has rendered facts (an element outside hidden
    // subtrees), and whether its font was read.
    const visual = [];
    const fontRead = [];
    // The documents walked: the page, then each same-origin frame entered,
    // with the offset from its viewport's coordinates to the page's.
    const frames = [{ win, x: scrollX, y: scrollY }];
    const frameOf = [];
    // Four slots an entry: node, parent index, inside a hidden subtree, frame.
    const stack = [start, -1, false, 0];
    // The last element's computed style, by node index: its first text
    // child, most often the next node walked, reads its font from it (one
    // getComputedStyle call per text-holding element saved).
    let lastStyleIndex = -1;
    let lastStyle = null;
    while (stack.length) {
      const frame = stack.pop();
      const inHidden = stack.pop();
      const parent = stack.pop();
      const node = stack.pop();
      const index = nodes.length;
      const type = node.nodeType;
      if (type === TEXT_NODE) {
        const data = node.nodeValue || '';
        if (parent >= 0 && !fontRead[parent] && !BLANK.test(data)) {
          fontRead[parent] = true;
          if (visual[parent]) {
            const style = lastStyleIndex === parent ? lastStyle : frames[frameOf[parent]].win.getComputedStyle(nodes[parent]);
            numbers.push(FONT, parent);
            str(style.fontSize);
            str(style.fontWeight);
            str(style.lineHeight);
          }
        }
        numbers.push(TEXT, parent);
        str(data);
        visual.push(false);
      } else if (type === ELEMENT_NODE) {
        const name = node.localName;
        let info = tags.get(name);
        if (info === undefined) {
          const lower = asciiLower(name);
          info = {
            tag: lower,
            skipped: SKIPPED_TAGS.has(lower),
            boxedInline: BOXED_INLINE_TAGS.has(lower),
            frame: FRAME_TAGS.has(lower),
            opaque: OPAQUE_TAGS.has(lower),
            attributes: READ_ATTRIBUTES.get(lower),
          };
          tags.set(name, info);
        }
        if (info.skipped) continue;
        const tag = info.tag;
        // Inside a hidden subtree nothing renders: no style or layout is
        // read, the structure and text are.
        const style = inHidden ? null : frames[frame].win.getComputedStyle(node);
        const display = style ? style.display : '';
        const hidden = inHidden || display === 'none'
          || (display !== 'contents' && !node.checkVisibility(VISIBILITY_OPTIONS));
        let flags = 0;
        let id = null;
        let cls = null;
        let role = null;
        let href = null;
        let src = null;
        let alt = null;
        let dir = null;
        let rel = null;
        let itemprop = null;
        let attrs = null;
        // Most elements carry no attribute at all: one call saves seven.
        if (node.hasAttributes()) {
          id = node.getAttribute('id');
          cls = node.getAttribute('class');
          role = node.getAttribute('role');
          if (tag === 'a') href = node.getAttribute('href');
          if (tag === 'img') {
            src = node.getAttribute('src');
            alt = node.getAttribute('alt');
          }
          dir = node.getAttribute('dir');
          rel = node.getAttribute('rel');
          itemprop = node.getAttribute('itemprop');
          if ((node.getAttribute('aria-hidden') || '').trim() === 'true') flags |= ARIA_HIDDEN;
          const names = info.attributes;
          if (names) {
            for (const k of names) {
              const v = node.getAttribute(k);
              if (v !== null) (attrs ??= []).push(k, v);
            }
          }
        }
        // Empty strings are absent (the core's default); an empty href is not.
        if (id) flags |= ID;
        if (cls) flags |= CLASS;
        if (role) flags |= ROLE;
        if (href !== null) flags |= HREF;
        if (src) flags |= SRC;
        if (alt) flags |= ALT;
        if (dir) flags |= DIR;
        if (rel) flags |= REL;
        if (itemprop) flags |= ITEMPROP;
        if (attrs) flags |= ATTRS;
        let r = null;
        let position = '';
        if (hidden) {
          flags |= HIDDEN;
        } else {
          flags |= VISUAL;
          // reads_box: a non-replaced inline element's box is its block's
          // (src/model/facts.rs), not read.
          if (display !== 'inline' || info.boxedInline) {
            r = node.getBoundingClientRect();
            flags |= BOX;
          }
          // Inline boxes are placed by their line: `position` is not read.
          if (display !== 'inline') position = style.position;
          if (position) flags |= POSITION;
        }
        numbers.push(ELEMENT, parent, flags);
        str(tag);
        if (id) str(id);
        if (cls) str(cls);
        if (role) str(role);
        if (href !== null) str(href);
        if (src) str(src);
        if (alt) str(alt);
        if (dir) str(dir);
        if (rel) str(rel);
        if (itemprop) str(itemprop);
        if (!hidden) str(display);
        if (position) str(position);
        if (r) numbers.push(r.x + frames[frame].x, r.y + frames[frame].y, r.width, r.height);
        if (attrs) {
          numbers.push(attrs.length);
          for (const s of attrs) str(s);
        }
        visual.push(!hidden);
        lastStyleIndex = hidden ? -1 : index;
        lastStyle = hidden ? null : style;
        if (tag === 'noscript') {
          const body = noscriptBody(node);
          if (body) pushChildren(stack, body, index, true, frame);
        } else if (info.frame) {
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
          } else if (node.src) {
            // The src property: the address resolved.
            numbers.push(FRAME_SKIPPED);
            str(node.src);
          }
        } else if (!info.opaque
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
    return { packed: { strings: parts.join(''), numbers }, nodes };
  }

  return { walk };
})();
