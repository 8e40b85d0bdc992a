// A generated page of a given number of elements, for robustness tests and
// the bench: an article of 500 paragraphs amid link lists (the shape of the
// native test in tests/robustness.rs), as static HTML, so that the browser
// has parsed, styled and laid it out before Pith is asked to read it.

/** Paragraphs in the article. */
export const LARGE_PAGE_PARAGRAPHS = 500;
/** Links per list: a site menu's size. */
const LINKS_PER_LIST = 40;
const PARAGRAPH = 'Locks lift boats with gravity alone: water pours from the upper reach into the '
  + 'chamber until both levels match, and only then does the upper gate open.';

/**
 * HTML of a page with about `elements` elements (within one list's 82).
 * @param {number} elements
 * @returns {string}
 */
export function largePageHtml(elements) {
  const out = ['<!doctype html><html lang="en"><head><meta charset="utf-8"><title>A very large page</title></head>',
    '<body><main><article><h1>A very large page</h1>'];
  for (let i = 0; i < LARGE_PAGE_PARAGRAPHS; i++) out.push(`<p>${i} ${PARAGRAPH}</p>`);
  out.push('</article></main>');
  // html, head, meta, title, body, main, article, h1 and the paragraphs.
  let count = 8 + LARGE_PAGE_PARAGRAPHS;
  const list = `<nav><ul>${Array.from({ length: LINKS_PER_LIST }, (_, i) => `<li><a href="/p/${i}">Section ${i}</a></li>`).join('')}</ul></nav>`;
  const perList = 2 + 2 * LINKS_PER_LIST;
  while (count + perList <= elements) {
    out.push(list);
    count += perList;
  }
  out.push('</body></html>');
  return out.join('');
}
