// The floor of the walk's reads: the style and layout calls either walker
// makes, in a bare loop (the bench's "floor" rows and growth column, and
// tests/eval/reads-probe.mjs).

/**
 * The physical floor of any walk that reads the rendered page as Pith's
 * does: the same calls per node (computed display and position,
 * checkVisibility, one box unless a non-replaced inline element's; the font
 * of each element holding text), in a
 * bare loop that keeps nothing. No walker can read the same facts faster.
 * Evaluated in the page (its source is sent), so self-contained.
 * `leaveOut` ('check', 'box', 'font', 'position', or 'style' for every
 * style and layout read) measures the floor without that read
 * (tests/eval/reads-probe.mjs); none: every read.
 */
export function floorReads(leaveOut = null) {
  const style = leaveOut !== 'style';
  const check = style && leaveOut !== 'check';
  const box = style && leaveOut !== 'box';
  const font = style && leaveOut !== 'font';
  const position = style && leaveOut !== 'position';
  // BOXED_INLINE_TAGS (src/model/facts.rs; tests/native.rs keeps it in step).
  const BOXED_INLINE_TAGS = new Set([
    'img', 'input', 'button', 'iframe', 'frame', 'svg', 'select', 'textarea', 'object', 'embed', 'video', 'audio',
    'canvas',
  ]);
  const visibility = { visibilityProperty: true };
  let sink = 0;
  const fontRead = new Set();
  // The walkers read a text's font from its parent's style when that parent
  // was the last element read.
  let lastEl = null;
  let lastSt = null;
  const stack = [document.body || document.documentElement];
  while (stack.length) {
    const node = stack.pop();
    if (node.nodeType === 3) {
      const p = node.parentElement;
      if (font && p && !fontRead.has(p) && node.nodeValue.trim()) {
        fontRead.add(p);
        const st = p === lastEl ? lastSt : getComputedStyle(p);
        sink += st.getPropertyValue('font-size').length + st.getPropertyValue('font-weight').length
          + st.getPropertyValue('line-height').length;
      }
      continue;
    }
    if (node.nodeType !== 1) continue;
    if (style) {
      const st = getComputedStyle(node);
      const display = st.getPropertyValue('display');
      if (display === 'none' || (check && !node.checkVisibility(visibility))) continue;
      lastEl = node;
      lastSt = st;
      if (display !== 'inline' || BOXED_INLINE_TAGS.has(node.localName)) {
        if (box) {
          const r = node.getBoundingClientRect();
          sink += r.x + r.y + r.width + r.height;
        }
        if (position && display !== 'inline') sink += st.getPropertyValue('position').length;
      }
    }
    for (let c = node.lastChild; c; c = c.previousSibling) stack.push(c);
  }
  return sink;
}
