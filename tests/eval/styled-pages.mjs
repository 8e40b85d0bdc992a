// Sample pages of Pith's own that arrive with their CSS, as real pages do,
// and the same pages without it: the check that visual signals help where
// styles exist and never hurt where they do not.
//
//   node tests/eval/styled-pages.mjs OUT_DIR
//
// writes two evaluation sets with the same ids and ground truth:
// OUT_DIR/css (every page with its <style> sheet) and OUT_DIR/plain (the
// same markup without it), each `pages/<id>.html` and `ground-truth.json`
// as `tests/eval/run.mjs` reads them. The data sets' saved pages lost their
// external stylesheets, so the model learned on pages rendered with
// browser defaults; these pages show what their CSS changes: menus and
// dialogs hidden until used, fixed banners and share bars, a sidebar beside
// the article instead of under it, smaller type in the page's furniture.
//
// Seven page types (the classifier's), each in three markup styles: class
// names that say what a block is, utility classes that say only how it
// looks, and hashed class names that say nothing. The text is Pith's own,
// composed from the sentences below by a seeded generator: no data set's
// page, site or text. Every page has the furniture real sites have (a menu
// with hidden submenus and a hidden mobile copy, a search form, a cookie
// banner, a hidden newsletter dialog, a share bar, a sidebar, a footer),
// and what pages hide until asked: a service's FAQ answers, a product's
// specifications in a second tab;
// what counts as content follows the data sets' conventions: an article
// without its comments and related links, all posts of a thread, a
// listing's and a collection's items, a service page's sections.

import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** Sentences the pages' prose is composed from (Pith's own). */
const SENTENCES = [
  'The morning train was late again, so most of the office started the day on the platform.',
  'A good bicycle lasts for decades if the chain is cleaned and oiled every few hundred kilometres.',
  'Tomatoes planted against a south-facing wall ripen about two weeks earlier than those in the open.',
  'The library kept its reading room open until midnight during the exam season.',
  'Most bugs in that module came from two functions that disagreed about the meaning of an empty list.',
  'She measured the flour by weight rather than by volume, and the bread finally rose evenly.',
  'The river path floods every spring, which is why the council built a raised boardwalk beside it.',
  'Small teams move faster when every decision is written down where everyone can find it.',
  'The museum reopened its east wing after three years of careful restoration work.',
  'A tent that packs small is worth little if it takes twenty minutes to pitch in the rain.',
  'Our test suite runs in four minutes, and we intend to keep it that way.',
  'The recipe calls for smoked paprika, but sweet paprika with a pinch of cumin works well too.',
  'Visitors often underestimate how cold the mountain pass becomes after sunset.',
  'The new timetable adds two evening services on weekdays and one late service on Saturdays.',
  'He rewrote the parser twice before he noticed that the input was never valid to begin with.',
  'Compost needs air as much as it needs water, so turn the heap at least once a month.',
  'The festival moved to the old harbour this year, where there is room for three stages.',
  'Each chapter ends with a short exercise that takes less than ten minutes to complete.',
  'The bridge closes to cars on Sundays so that the market can spread across both banks.',
  'When the cache is cold, the first request takes almost a second, and every later one a few milliseconds.',
  'A sourdough starter kept in the fridge needs feeding only once a week.',
  'The walking tour starts at the clock tower and ends at the lighthouse two hours later.',
  'Good documentation answers the question the reader has, not the question the author wanted to answer.',
  'The orchard grows eleven varieties of apple, four of which are older than the village church.',
  'Battery life improved by a third once the screen stopped refreshing when nothing had changed.',
  'The committee agreed to publish its minutes within a week of every meeting.',
  'Wet leaves on the cycle lane are more dangerous in autumn than ice is in winter.',
  'The soup tastes better on the second day, after the flavours have had time to settle.',
  'Their first release had no settings page at all, and almost nobody asked for one.',
  'The ferry crossing takes forty minutes when the sea is calm and over an hour when it is not.',
  'Every plant in the courtyard was chosen to flower in a different month of the year.',
  'The map shows the old railway line, which is now a footpath through the woods.',
  'Logging every request helped, but reading the logs took longer than fixing the bug.',
  'Hand-washing the cast iron pan and drying it on the stove keeps it from rusting.',
  'The school choir rehearses on Thursday evenings in the hall behind the station.',
  'A shorter meeting with a clear agenda beats a long one with a vague purpose.',
  'The observatory offers guided evenings when the sky is clear and the moon is new.',
  'New contributors are asked to start with the issues marked as a good first task.',
  'The harbour wall was built from stone quarried on the island across the bay.',
  'Frozen peas, a little butter and fresh mint make a side dish in five minutes.',
];

const WORDS = ['river', 'harbour', 'orchard', 'lantern', 'meadow', 'granite', 'willow', 'ember', 'cedar', 'falcon',
  'summit', 'compass', 'thistle', 'beacon', 'quarry', 'juniper', 'tundra', 'marble', 'pepper', 'saffron'];
const NAMES = ['Ada Brook', 'Tomas Lind', 'Mira Okafor', 'Jon Price', 'Lena Voss', 'Samir Haddad', 'Ruth Ellis', 'Ivo Marek'];
const HANDLES = ['quietfox', 'rivet42', 'moss_and_stone', 'hexwren', 'tidepool', 'gearhead', 'plainsong', 'nightjar'];

/** A small seeded generator (mulberry32): the same pages on every run. */
function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const esc = (s) => String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * Class names in three styles, by role: `semantic` says what a block is,
 * `utility` how it looks, `hashed` nothing (CSS modules).
 */
const ROLES = [
  'header', 'logo', 'nav', 'navItem', 'submenu', 'mobileNav', 'search', 'layout', 'main', 'article', 'title',
  'byline', 'body', 'sidebar', 'widget', 'footer', 'footerCols', 'cookie', 'modal', 'share', 'related', 'card',
  'cardGrid', 'comments', 'comment', 'meta', 'button', 'price', 'specs', 'toc', 'post', 'postAuthor', 'postBody',
  'postActions', 'filters', 'pager', 'hero', 'feature', 'pricing', 'tier', 'faq', 'faqPanel', 'quote', 'breadcrumb',
  'tags', 'bio', 'result', 'snippet', 'ad', 'tabs', 'tabList', 'tabPanel',
];
const UTILITY = {
  header: 'flex items-center justify-between px-6 py-3 border-b', logo: 'font-bold text-xl', nav: 'flex gap-6 text-sm',
  navItem: 'relative group', submenu: 'absolute hidden group-hover:block shadow', mobileNav: 'hidden',
  search: 'flex gap-2', layout: 'grid grid-main gap-8 mx-auto max-w-6xl px-6', main: 'min-w-0', article: 'prose',
  title: 'text-4xl font-bold leading-tight', byline: 'text-sm text-gray', body: 'text-lg leading-relaxed',
  sidebar: 'text-sm', widget: 'mb-6 p-4 border rounded', footer: 'mt-12 py-8 bg-gray text-sm', footerCols: 'grid grid-cols-3 gap-6',
  cookie: 'fixed bottom-0 inset-x-0 p-4 bg-dark text-white z-50', modal: 'hidden fixed inset-0 z-50', share: 'fixed left-2 top-1/3 flex-col gap-2',
  related: 'mt-10', card: 'p-4 border rounded', cardGrid: 'grid grid-cols-3 gap-6', comments: 'mt-10 text-sm', comment: 'py-3 border-t',
  meta: 'text-xs text-gray', button: 'px-4 py-2 rounded bg-blue text-white', price: 'text-2xl font-bold', specs: 'w-full text-sm',
  toc: 'text-sm sticky top-4', post: 'flex gap-4 py-4 border-b', postAuthor: 'w-40 shrink-0 text-sm', postBody: 'min-w-0 text-base',
  postActions: 'text-xs text-gray', filters: 'text-sm', pager: 'flex gap-2 text-sm', hero: 'py-16 text-center', feature: 'py-8',
  pricing: 'grid grid-cols-3 gap-6', tier: 'p-6 border rounded', faq: 'divide-y', faqPanel: 'hidden', quote: 'italic border-l pl-4',
  breadcrumb: 'text-xs text-gray flex gap-1', tags: 'flex gap-2 text-xs', bio: 'mt-8 p-4 bg-gray text-sm', result: 'py-4 border-b',
  snippet: 'text-sm text-gray', ad: 'h-64 bg-gray', tabs: 'mt-8', tabList: 'flex gap-2 border-b', tabPanel: 'pt-4 text-base',
};
const SEMANTIC = {
  header: 'site-header', logo: 'site-logo', nav: 'main-nav', navItem: 'menu-item', submenu: 'sub-menu', mobileNav: 'mobile-menu',
  search: 'search-form', layout: 'page-layout', main: 'content-area', article: 'post', title: 'entry-title', byline: 'entry-meta',
  body: 'entry-content', sidebar: 'sidebar', widget: 'widget', footer: 'site-footer', footerCols: 'footer-widgets',
  cookie: 'cookie-notice', modal: 'newsletter-popup', share: 'share-buttons', related: 'related-posts', card: 'card',
  cardGrid: 'card-grid', comments: 'comments-area', comment: 'comment', meta: 'meta', button: 'btn', price: 'price',
  specs: 'product-specs', toc: 'docs-nav', post: 'message', postAuthor: 'message-author', postBody: 'message-body',
  postActions: 'message-actions', filters: 'filters', pager: 'pagination', hero: 'hero', feature: 'feature', pricing: 'pricing',
  tier: 'pricing-tier', faq: 'faq', faqPanel: 'faq-answer', quote: 'testimonial', breadcrumb: 'breadcrumbs', tags: 'tags',
  bio: 'author-box', result: 'search-result', snippet: 'result-snippet', ad: 'ad-slot', tabs: 'product-tabs',
  tabList: 'tab-list', tabPanel: 'tab-panel',
};

/** `hashed`: a stable meaningless name per role. */
function hashedNames() {
  const out = {};
  ROLES.forEach((r, i) => {
    let h = 2166136261;
    for (const c of `${r}${i}`) h = Math.imul(h ^ c.charCodeAt(0), 16777619);
    out[r] = `_${(h >>> 0).toString(36).slice(0, 5)}`;
  });
  return out;
}

/** The style sheet, written against a style's class names. */
function sheet(c, style) {
  // Utility classes: a role is its whole class list (a real sheet would
  // define each utility; the rendering is what matters here).
  const sel = (role) => (style === 'utility' ? `[class^="${c[role]}"]` : `.${c[role]}`);
  return `
*{box-sizing:border-box}
body{margin:0;font:17px/1.6 Georgia,serif;color:#222;background:#fff}
a{color:#1a5fb4}
${sel('header')}{display:flex;align-items:center;justify-content:space-between;padding:12px 24px;border-bottom:1px solid #ddd;font-family:system-ui,sans-serif}
${sel('logo')}{font-weight:700;font-size:22px;text-decoration:none}
${sel('nav')}>ul{display:flex;gap:24px;list-style:none;margin:0;padding:0;font-size:14px}
${sel('navItem')}{position:relative}
${sel('submenu')}{display:none;position:absolute;top:100%;left:0;background:#fff;box-shadow:0 2px 8px #0003;list-style:none;padding:8px;min-width:180px}
${sel('navItem')}:hover ${sel('submenu')}{display:block}
${sel('mobileNav')}{display:none}
${sel('search')} input{width:160px}
${sel('breadcrumb')}{font-size:12px;color:#666;margin:12px 0}
${sel('layout')}{display:grid;grid-template-columns:minmax(0,1fr) 300px;gap:40px;max-width:1160px;margin:0 auto;padding:0 24px}
${sel('layout')}.docs{grid-template-columns:240px minmax(0,1fr) 200px}
${sel('layout')}.wide{grid-template-columns:240px minmax(0,1fr)}
${sel('title')}{font-size:38px;line-height:1.2;margin:24px 0 8px;font-family:system-ui,sans-serif}
${sel('byline')}{font-size:13px;color:#666;font-family:system-ui,sans-serif}
${sel('body')}{font-size:19px;line-height:1.7}
${sel('sidebar')}{font-size:14px;font-family:system-ui,sans-serif}
${sel('widget')}{margin-bottom:24px;padding:16px;border:1px solid #e5e5e5;border-radius:6px}
${sel('ad')}{height:250px;background:#f2f2f2}
${sel('footer')}{margin-top:48px;padding:32px 24px;background:#f4f4f4;font-size:13px;font-family:system-ui,sans-serif}
${sel('footerCols')}{display:grid;grid-template-columns:repeat(3,1fr);gap:24px}
${sel('footerCols')} ul{list-style:none;padding:0}
${sel('cookie')}{position:fixed;bottom:0;left:0;right:0;padding:16px 24px;background:#222;color:#fff;font-size:14px;z-index:50;font-family:system-ui,sans-serif}
${sel('modal')}{display:none;position:fixed;inset:0;background:#0008;z-index:60}
${sel('share')}{position:fixed;left:8px;top:35%;display:flex;flex-direction:column;gap:8px;font-size:12px;font-family:system-ui,sans-serif}
${sel('related')}{margin-top:40px;font-family:system-ui,sans-serif}
${sel('cardGrid')}{display:grid;grid-template-columns:repeat(3,1fr);gap:20px}
${sel('card')}{padding:14px;border:1px solid #e5e5e5;border-radius:6px;font-size:14px}
${sel('comments')}{margin-top:40px;font-size:14px;font-family:system-ui,sans-serif}
${sel('comment')}{padding:12px 0;border-top:1px solid #eee}
${sel('meta')}{font-size:12px;color:#777}
${sel('button')}{display:inline-block;padding:8px 16px;border-radius:4px;background:#1a5fb4;color:#fff;border:0;font-size:14px}
${sel('price')}{font-size:26px;font-weight:700;font-family:system-ui,sans-serif}
${sel('specs')}{width:100%;font-size:14px;border-collapse:collapse}
${sel('specs')} td,${sel('specs')} th{border-bottom:1px solid #eee;padding:6px;text-align:left}
${sel('toc')}{font-size:13px;position:sticky;top:16px;font-family:system-ui,sans-serif}
${sel('toc')} ul{list-style:none;padding-left:8px}
${sel('post')}{display:flex;gap:16px;padding:16px 0;border-bottom:1px solid #e5e5e5}
${sel('postAuthor')}{width:150px;flex-shrink:0;font-size:13px;font-family:system-ui,sans-serif}
${sel('postBody')}{min-width:0;font-size:16px}
${sel('postActions')}{font-size:12px;color:#777}
${sel('filters')}{font-size:13px;font-family:system-ui,sans-serif}
${sel('filters')} ul{list-style:none;padding:0}
${sel('pager')}{display:flex;gap:8px;font-size:13px;list-style:none;padding:0}
${sel('hero')}{padding:64px 0;text-align:center}
${sel('hero')} h1{font-size:44px;font-family:system-ui,sans-serif}
${sel('feature')}{padding:32px 0}
${sel('pricing')}{display:grid;grid-template-columns:repeat(3,1fr);gap:24px}
${sel('tier')}{padding:24px;border:1px solid #ddd;border-radius:8px}
${sel('faqPanel')}{display:none}
${sel('tabList')}{display:flex;gap:8px;border-bottom:1px solid #ddd}
${sel('tabPanel')}{display:none;padding-top:16px}
${sel('tabPanel')}.is-active{display:block}
${sel('faq')} .open ${sel('faqPanel')}{display:block}
${sel('quote')}{font-style:italic;border-left:3px solid #ccc;padding-left:16px}
${sel('tags')}{display:flex;gap:8px;font-size:12px;list-style:none;padding:0}
${sel('bio')}{margin-top:32px;padding:16px;background:#f6f6f6;font-size:14px;font-family:system-ui,sans-serif}
${sel('result')}{padding:16px 0;border-bottom:1px solid #eee}
${sel('snippet')}{font-size:14px;color:#555}
`;
}

/** A page under construction: its HTML and, apart, the text of its main content. */
class Page {
  constructor(r, c) {
    this.r = r;
    this.c = c;
    this.truth = [];
  }
  pick(list) { return list[Math.floor(this.r() * list.length)]; }
  int(lo, hi) { return lo + Math.floor(this.r() * (hi - lo + 1)); }
  sentence() { return this.pick(SENTENCES); }
  para(n = this.int(2, 4)) { return Array.from({ length: n }, () => this.sentence()).join(' '); }
  phrase(n = this.int(2, 4)) {
    const w = Array.from({ length: n }, () => this.pick(WORDS));
    return w.map((x, i) => (i === 0 ? x[0].toUpperCase() + x.slice(1) : x)).join(' ');
  }
  /** Text that is main content: recorded for the ground truth, escaped for HTML. */
  m(text) { this.truth.push(text); return esc(text); }
  cls(role, extra = '') { return ` class="${[this.c[role], extra].filter(Boolean).join(' ')}"`; }
}

/** The furniture every page has, around `main`. */
function chrome(p, main, { layout = '', sidebar = true, title }) {
  const menu = ['News', 'Guides', 'Shop', 'Community', 'Events', 'About'];
  const nav = menu.map((item) => `<li${p.cls('navItem')}><a href="/${item.toLowerCase()}/">${item}</a>` +
    `<ul${p.cls('submenu')}>${Array.from({ length: 4 }, () => `<li><a href="/${item.toLowerCase()}/${p.pick(WORDS)}/">${p.phrase(2)}</a></li>`).join('')}</ul></li>`).join('');
  const side = sidebar ? `<aside${p.cls('sidebar')}>
<section${p.cls('widget')}><h3>Popular this week</h3><ul>${Array.from({ length: 5 }, () => `<li><a href="/read/${p.pick(WORDS)}/">${p.phrase(4)}</a></li>`).join('')}</ul></section>
<section${p.cls('widget')}><h3>About us</h3><p>${esc(p.sentence())}</p></section>
<div${p.cls('ad')}></div>
</aside>` : '';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${esc(title)} | Fieldstone</title>
<meta name="viewport" content="width=device-width, initial-scale=1"><meta property="og:site_name" content="Fieldstone">
<style>/*CSS*/</style></head><body>
<header${p.cls('header')}><a${p.cls('logo')} href="/">Fieldstone</a><nav${p.cls('nav')}><ul>${nav}</ul></nav>
<form${p.cls('search')} action="/search"><input type="search" name="q" placeholder="Search"><button${p.cls('button')}>Search</button></form></header>
<nav${p.cls('mobileNav')}><ul>${menu.map((item) => `<li><a href="/${item.toLowerCase()}/">${item}</a></li>`).join('')}</ul></nav>
<div${p.cls('share')}><a href="#">Share</a><a href="#">Post</a><a href="#">Mail</a><a href="#">Copy link</a></div>
<div${p.cls('layout', layout)}>${main}${side}</div>
<footer${p.cls('footer')}><div${p.cls('footerCols')}>${['Company', 'Help', 'Follow'].map((h) => `<div><h4>${h}</h4><ul>${Array.from({ length: 4 }, () => `<li><a href="/${p.pick(WORDS)}/">${p.phrase(2)}</a></li>`).join('')}</ul></div>`).join('')}</div>
<p>© 2026 Fieldstone Media. All rights reserved. <a href="/privacy/">Privacy</a> · <a href="/terms/">Terms</a></p></footer>
<div${p.cls('cookie')}><p>We use cookies to remember your settings and to measure how the site is used. You can change your choice at any time in the privacy settings.</p><button${p.cls('button')}>Accept all</button> <button${p.cls('button')}>Only necessary</button></div>
<div${p.cls('modal')} role="dialog"><div><h2>Get the weekly letter</h2><p>${esc(p.para(3))}</p><form><input type="email" placeholder="Email address"><button${p.cls('button')}>Subscribe</button></form></div></div>
</body></html>`;
}

const TYPES = {
  article(p) {
    const title = p.m(`${p.phrase(3)}: ${p.phrase(3).toLowerCase()}`);
    const blocks = [];
    const n = p.int(6, 10);
    for (let i = 0; i < n; i++) {
      if (i === 3 || i === 7) blocks.push(`<h2>${p.m(p.phrase(3))}</h2>`);
      blocks.push(`<p>${p.m(p.para())}</p>`);
      if (i === 2) blocks.push(`<ul>${Array.from({ length: 4 }, () => `<li>${p.m(p.sentence())}</li>`).join('')}</ul>`);
      if (i === 4) blocks.push(`<blockquote><p>${p.m(p.sentence())}</p></blockquote>`);
      if (i === 5) blocks.push(`<figure><img src="/img/${p.pick(WORDS)}.jpg" alt="" width="640" height="360"><figcaption>${p.m(p.sentence())}</figcaption></figure>`);
    }
    const main = `<main${p.cls('main')}><article${p.cls('article')}>
<nav${p.cls('breadcrumb')}><a href="/">Home</a> › <a href="/news/">News</a></nav>
<h1${p.cls('title')}>${title}</h1><p${p.cls('byline')}>By <a href="/authors/x/">${p.pick(NAMES)}</a> · March ${p.int(1, 28)}, 2026 · 6 min read</p>
<div${p.cls('body')}>${blocks.join('\n')}</div>
<ul${p.cls('tags')}>${Array.from({ length: 4 }, () => `<li><a href="/tag/${p.pick(WORDS)}/">${p.pick(WORDS)}</a></li>`).join('')}</ul>
<div${p.cls('bio')}><strong>${p.pick(NAMES)}</strong> writes about towns, trains and gardens. <a href="/authors/x/">More by this author</a></div>
</article>
<section${p.cls('related')}><h2>Read next</h2><div${p.cls('cardGrid')}>${Array.from({ length: 3 }, () => `<div${p.cls('card')}><h3><a href="/read/${p.pick(WORDS)}/">${p.phrase(4)}</a></h3><p>${esc(p.sentence())}</p></div>`).join('')}</div></section>
<section${p.cls('comments')}><h2>${p.int(3, 9)} comments</h2>${Array.from({ length: 3 }, () => `<div${p.cls('comment')}><p${p.cls('meta')}>${p.pick(HANDLES)} · 2 days ago</p><p>${esc(p.para(2))}</p><a href="#">Reply</a></div>`).join('')}</section>
</main>`;
    return { main, title };
  },
  documentation(p) {
    const title = p.m(`Configuring the ${p.pick(WORDS)} ${p.pick(['client', 'server', 'plugin', 'module'])}`);
    const intro = p.m(p.para(2));
    const sections = [];
    for (let s = 0; s < 4; s++) {
      const h = p.phrase(2);
      sections.push(`<h2 id="s${s}">${p.m(h)}</h2><p>${p.m(p.para())}</p>`);
      if (s % 2 === 0) {
        const code = `${p.pick(WORDS)} = connect("${p.pick(WORDS)}", timeout=${p.int(1, 60)})\n${p.pick(WORDS)}.run(retries=${p.int(1, 5)})`;
        sections.push(`<pre><code>${p.m(code)}</code></pre>`);
      }
      if (s === 1) {
        const rows = Array.from({ length: 4 }, () => [p.pick(WORDS), p.pick(['string', 'integer', 'boolean']), p.sentence()]);
        sections.push(`<table><thead><tr><th>${p.m('Option')}</th><th>${p.m('Type')}</th><th>${p.m('Description')}</th></tr></thead><tbody>${rows.map((r) => `<tr>${r.map((x) => `<td>${p.m(x)}</td>`).join('')}</tr>`).join('')}</tbody></table>`);
      }
      sections.push(`<p>${p.m(p.para(2))}</p>`);
    }
    const toc = `<nav${p.cls('toc')}><h4>Documentation</h4>${['Getting started', 'Configuration', 'Reference', 'Deployment'].map((g) => `<h5>${g}</h5><ul>${Array.from({ length: 5 }, () => `<li><a href="/docs/${p.pick(WORDS)}/">${p.phrase(2)}</a></li>`).join('')}</ul>`).join('')}</nav>`;
    const onPage = `<nav${p.cls('toc')}><h4>On this page</h4><ul>${Array.from({ length: 4 }, (_, s) => `<li><a href="#s${s}">Section ${s + 1}</a></li>`).join('')}</ul></nav>`;
    const main = `${toc}<main${p.cls('main')}><nav${p.cls('breadcrumb')}><a href="/docs/">Docs</a> › <a href="/docs/config/">Configuration</a></nav>
<article${p.cls('article')}><h1${p.cls('title')}>${title}</h1><p>${intro}</p>${sections.join('\n')}</article>
<nav${p.cls('pager')}><a href="/docs/prev/">← Previous: ${p.phrase(2)}</a> <a href="/docs/next/">Next: ${p.phrase(2)} →</a></nav>
<p${p.cls('meta')}>Was this page helpful? <button${p.cls('button')}>Yes</button> <button${p.cls('button')}>No</button></p></main>${onPage}`;
    return { main, title, layout: 'docs', sidebar: false };
  },
  forum(p) {
    const title = p.m(`${p.phrase(3)} keeps failing after the update?`);
    const posts = Array.from({ length: p.int(5, 8) }, (_, i) => {
      const who = p.pick(HANDLES);
      const author = p.m(who);
      const body = Array.from({ length: p.int(1, 3) }, () => `<p>${p.m(p.para(p.int(1, 3)))}</p>`).join('');
      return `<article${p.cls('post')}><div${p.cls('postAuthor')}><a href="/u/${who}/">${author}</a><br><span${p.cls('meta')}>Member · ${p.int(3, 900)} posts</span></div>
<div${p.cls('postBody')}><p${p.cls('meta')}>#${i + 1} · ${p.int(1, 11)} hours ago</p>${body}<p${p.cls('postActions')}><a href="#">Reply</a> · <a href="#">Quote</a> · <a href="#">Like</a> · <a href="#">Report</a></p></div></article>`;
    }).join('\n');
    const main = `<main${p.cls('main')}><nav${p.cls('breadcrumb')}><a href="/forum/">Forum</a> › <a href="/forum/help/">Help</a></nav>
<h1${p.cls('title')}>${title}</h1><p${p.cls('meta')}>Started by ${p.pick(HANDLES)} · ${p.int(2, 40)} replies</p>${posts}
<ul${p.cls('pager')}><li><a href="?page=1">1</a></li><li><a href="?page=2">2</a></li><li><a href="?page=2">Next</a></li></ul>
<section${p.cls('related')}><h2>Similar threads</h2><ul>${Array.from({ length: 5 }, () => `<li><a href="/t/${p.pick(WORDS)}/">${p.phrase(5)}</a></li>`).join('')}</ul></section></main>`;
    return { main, title };
  },
  product(p) {
    const name = `${p.phrase(2)} ${p.pick(['Backpack', 'Kettle', 'Lamp', 'Jacket', 'Chair'])}`;
    const title = p.m(name);
    const specs = Array.from({ length: 6 }, () => [p.pick(['Weight', 'Material', 'Colour', 'Size', 'Capacity', 'Warranty', 'Model']), `${p.int(1, 90)} ${p.pick(['kg', 'cm', 'litres', 'years'])}`]);
    const main = `<main${p.cls('main')}><nav${p.cls('breadcrumb')}><a href="/shop/">Shop</a> › <a href="/shop/home/">Home</a></nav>
<h1${p.cls('title')}>${title}</h1><p${p.cls('price')}>${p.m(`$${p.int(19, 399)}.00`)}</p>
<form><label>Quantity <input type="number" value="1"></label> <button${p.cls('button')}>Add to cart</button></form>
<div${p.cls('tabs')}><div${p.cls('tabList')} role="tablist"><button>Description</button> <button>Specifications</button></div>
<div${p.cls('tabPanel', 'is-active')}><h2>${p.m('Description')}</h2><p>${p.m(p.para(3))}</p><p>${p.m(p.para(2))}</p></div>
<div${p.cls('tabPanel')}><h2>${p.m('Specifications')}</h2><table${p.cls('specs')}><tbody>${specs.map(([k, v]) => `<tr><th>${p.m(k)}</th><td>${p.m(v)}</td></tr>`).join('')}</tbody></table></div></div>
<section${p.cls('comments')}><h2>Reviews (${p.int(3, 80)})</h2>${Array.from({ length: 3 }, () => `<div${p.cls('comment')}><p${p.cls('meta')}>${p.pick(HANDLES)} · ★★★★☆</p><p>${esc(p.para(1))}</p></div>`).join('')}</section>
<section${p.cls('related')}><h2>Customers also bought</h2><div${p.cls('cardGrid')}>${Array.from({ length: 3 }, () => `<div${p.cls('card')}><a href="/p/${p.pick(WORDS)}/">${p.phrase(2)}</a><p${p.cls('price')}>$${p.int(9, 99)}.00</p></div>`).join('')}</div></section></main>`;
    return { main, title };
  },
  collection(p) {
    const title = p.m(`${p.pick(WORDS)[0].toUpperCase()}${p.pick(WORDS).slice(1)} ${p.pick(['lamps', 'jackets', 'chairs', 'kettles'])}`);
    const intro = p.m(p.para(2));
    const cards = Array.from({ length: 12 }, () => `<div${p.cls('card')}><img src="/img/${p.pick(WORDS)}.jpg" alt="" width="200" height="200"><h3><a href="/p/${p.pick(WORDS)}/">${p.m(p.phrase(3))}</a></h3><p${p.cls('price')}>${p.m(`$${p.int(9, 299)}.00`)}</p><button${p.cls('button')}>Add to cart</button></div>`).join('\n');
    const filters = `<aside${p.cls('filters')}><h3>Filter</h3>${['Brand', 'Colour', 'Price'].map((f) => `<h4>${f}</h4><ul>${Array.from({ length: 5 }, () => `<li><label><input type="checkbox"> ${p.phrase(1)} (${p.int(1, 40)})</label></li>`).join('')}</ul>`).join('')}</aside>`;
    const main = `${filters}<main${p.cls('main')}><nav${p.cls('breadcrumb')}><a href="/shop/">Shop</a> › <a href="/shop/home/">Home</a></nav>
<h1${p.cls('title')}>${title}</h1><p>${intro}</p><p${p.cls('meta')}>Showing 12 of ${p.int(40, 300)} products · Sort by <select><option>Popular</option><option>Price</option></select></p>
<div${p.cls('cardGrid')}>${cards}</div><ul${p.cls('pager')}><li><a href="?page=2">2</a></li><li><a href="?page=3">3</a></li><li><a href="?page=2">Next</a></li></ul></main>`;
    return { main, title, layout: 'wide', sidebar: false };
  },
  listing(p) {
    const title = p.m(`${p.pick(['Jobs', 'Courses', 'Events'])} in ${p.phrase(1)}`);
    const items = Array.from({ length: 10 }, () => `<div${p.cls('result')}><h3><a href="/item/${p.pick(WORDS)}/">${p.m(p.phrase(4))}</a></h3><p${p.cls('snippet')}>${p.m(p.sentence())}</p><p${p.cls('meta')}>${p.phrase(1)} · ${p.int(1, 30)} days ago</p></div>`).join('\n');
    const main = `<main${p.cls('main')}><h1${p.cls('title')}>${title}</h1><p${p.cls('meta')}>${p.int(20, 400)} results</p>${items}
<ul${p.cls('pager')}><li><a href="?page=2">2</a></li><li><a href="?page=3">3</a></li><li><a href="?page=2">Next</a></li></ul></main>`;
    return { main, title };
  },
  service(p) {
    const title = p.m(`${p.phrase(2)} for teams that ship`);
    const lead = p.m(p.para(2));
    const features = Array.from({ length: 3 }, () => `<section${p.cls('feature')}><h2>${p.m(p.phrase(3))}</h2><p>${p.m(p.para(2))}</p></section>`).join('\n');
    const pricing = p.m('Pricing');
    const tiers = ['Starter', 'Team', 'Business'].map((t, i) => `<div${p.cls('tier')}><h3>${p.m(t)}</h3><p${p.cls('price')}>${p.m(`$${(i + 1) * 12} per month`)}</p><ul>${Array.from({ length: 3 }, () => `<li>${p.m(p.phrase(3))}</li>`).join('')}</ul><a${p.cls('button')} href="/signup/">Choose ${t}</a></div>`).join('');
    const questions = p.m('Questions');
    const faq = Array.from({ length: 4 }, () => `<div class="faq-item"><h3><button>${p.m(`How does the ${p.pick(WORDS)} plan work?`)}</button></h3><div${p.cls('faqPanel')}><p>${p.m(p.para(2))}</p></div></div>`).join('');
    const main = `<main${p.cls('main')}><section${p.cls('hero')}><h1${p.cls('title')}>${title}</h1><p>${lead}</p><a${p.cls('button')} href="/signup/">Start free trial</a></section>
${features}<h2>${pricing}</h2><div${p.cls('pricing')}>${tiers}</div>
<h2>${questions}</h2><div${p.cls('faq')}>${faq}</div>
<blockquote${p.cls('quote')}><p>${p.m(p.sentence())}</p><footer>${p.m(p.pick(NAMES))}</footer></blockquote></main>`;
    return { main, title, sidebar: false };
  },
};

export const STYLES = ['semantic', 'utility', 'hashed'];

/**
 * Every page: {id, html (with the sheet), plain (without), truth}.
 * @param {number} [variants] pages per type and style
 */
export function makePages(variants = 2) {
  const out = [];
  let seed = 1;
  for (const [type, build] of Object.entries(TYPES)) {
    for (const style of STYLES) {
      const c = style === 'semantic' ? SEMANTIC : style === 'utility' ? UTILITY : hashedNames();
      for (let v = 0; v < variants; v++) {
        const p = new Page(rng(seed++), c);
        const { main, title, layout, sidebar } = build(p);
        const text = title.replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"');
        const html = chrome(p, main, { layout, sidebar, title: text });
        const id = `${type}-${style}-${v + 1}`;
        out.push({
          id,
          html: html.replace('/*CSS*/', sheet(c, style)),
          plain: html.replace('<style>/*CSS*/</style>', ''),
          truth: { articleBody: p.truth.join('\n'), title: text, pageType: type, url: `https://fieldstone.test/${type}/${id}/` },
        });
      }
    }
  }
  return out;
}

/** Writes OUT/css and OUT/plain. */
export async function writeSets(out, variants = 2) {
  const pages = makePages(variants);
  for (const [name, key] of [['css', 'html'], ['plain', 'plain']]) {
    const dir = join(out, name);
    await mkdir(join(dir, 'pages'), { recursive: true });
    for (const pg of pages) await writeFile(join(dir, 'pages', `${pg.id}.html`), pg[key]);
    await writeFile(join(dir, 'ground-truth.json'), JSON.stringify(Object.fromEntries(pages.map((pg) => [pg.id, pg.truth])), null, 1));
  }
  return pages.length;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const out = process.argv[2];
  if (!out) {
    console.error('usage: node tests/eval/styled-pages.mjs OUT_DIR');
    process.exit(2);
  }
  const n = await writeSets(out);
  console.log(`${n} pages in ${out}/css and ${out}/plain`);
}
