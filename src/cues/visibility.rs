//! Visual cue: what the reader cannot see. Hidden (display, visibility, a
//! closed `<details>`), aria-hidden, clipped to a pixel (screen-reader-only
//! text), off-screen. Hidden text is not thrown away here: a closed tab or
//! accordion panel inside the main content is content, a hidden menu or
//! dialog is not, so the hiding element is judged by its name and role and
//! the decision weighs that against where it sits.

use crate::model::{bit, set_bit, Element, NodeId, Page, Tag};
use crate::papers::Context;
use crate::table::{ColumnSpec, ScoreTable};
use crate::text::NameTokens;

/// Class, id or role tokens of a hidden element that hold content the page
/// reveals on demand: tabs, accordions, "read more" bodies, FAQ answers.
/// Chosen from the vocabulary front-end frameworks use (Bootstrap
/// `tab-pane`/`collapse`, ARIA `tabpanel`, WAI-ARIA accordion pattern).
pub const PANEL_TOKENS: &[&str] = &[
    "tab", "tabs", "tabpanel", "pane", "panel", "accordion", "collapse", "collapsible", "faq",
    "answer", "expand", "expandable", "more", "readmore", "toggle", "details", "content",
    "description", "spoiler", "reveal",
];

/// Tokens of a hidden element that is page furniture: menus, dialogs,
/// banners, search and cart drawers.
pub const FURNITURE_TOKENS: &[&str] = &[
    "menu", "nav", "navigation", "navbar", "dropdown", "submenu", "megamenu", "modal", "popup",
    "dialog", "overlay", "cookie", "consent", "gdpr", "banner", "newsletter", "subscribe",
    "search", "cart", "minicart", "login", "signin", "signup", "register", "account", "drawer",
    "offcanvas", "sidebar", "mobile", "share", "social", "tooltip", "toast", "notification",
    "alert", "promo", "ad", "ads", "advert",
];

/// A hidden element a sibling reveals (see [`revealed_panel`]) is a
/// panel when at most this share of its text is link text: a disclosure
/// of prose or a table is content the page reveals, a list of links is a
/// dropdown menu. Pith's choice: link density above one half is the
/// papers' own mark of navigation (seed 001 §III keeps leaves with
/// L ≤ 0.5, [`crate::papers::text_stats::USEFUL_MAX_LINK_DENSITY`]).
pub const TOGGLED_PANEL_MAX_LINK_SHARE: f32 = 0.5;

/// How many nodes of the hiding element's previous sibling are searched
/// for a toggle button (a heading holding a button, an item's header): a
/// toggle is small; a large sibling is a section of its own.
pub const TOGGLE_SEARCH_NODES: usize = 32;

/// How many siblings on either side of a hidden element `tab_panel`
/// looks at for the panel shown, wherever they stand: tab sets are small,
/// and a bound keeps a list of thousands of items linear. Farther away, a
/// panel counts when it stands in one unbroken run of siblings alike with
/// the panel shown ([`TabSets`]): a gallery's twelfth slide as its second.
pub const TAB_SEARCH_SIBLINGS: usize = 8;

/// An element whose box is at most this many CSS pixels wide or high, with
/// text in it, is clipped away (the `sr-only` / `visually-hidden` pattern:
/// `width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0)`).
pub const CLIPPED_MAX_PX: f32 = 1.0;

pub const COLUMNS: &[ColumnSpec] = &[
    ColumnSpec {
        key: "visibility.hidden",
        signal: "visibility",
        label: "hidden",
        source: "computed display / visibility, checkVisibility(), the hidden attribute; screen-reader-only classes and the CSS frameworks' display classes at the page's width (for pages read without their style sheet)",
        description: "1 where the node is not rendered (itself or through an ancestor).",
    },
    ColumnSpec {
        key: "visibility.panel",
        signal: "visibility",
        label: "panel",
        source: "Pith: names and roles of the hiding element",
        description: "For hidden nodes: +1 when the hiding element looks like a tab or accordion panel (by its name or role, or prose right after a toggle button), -1 like a menu or dialog (or text for screen readers only), 0 unknown.",
    },
    ColumnSpec {
        key: "visibility.ariaHidden",
        signal: "visibility",
        label: "aria-hidden",
        source: "WAI-ARIA aria-hidden",
        description: "1 where the node or an ancestor is aria-hidden=\"true\".",
    },
    ColumnSpec {
        key: "visibility.clipped",
        signal: "visibility",
        label: "clipped",
        source: "rendered box",
        description: "1 where the rendered box is at most 1 px wide or high, or lies wholly off the page (left of it or above it).",
    },
];

/// Whether `e` is the element where hiding starts (hidden, its parent not).
fn hiding_root(page: &Page, id: NodeId) -> Option<NodeId> {
    let mut root = None;
    let mut cur = Some(id);
    while let Some(c) = cur {
        match page.element(c) {
            Some(e) if e.hidden => root = Some(c),
            Some(_) => break,
            None => {}
        }
        cur = page.nodes[c].parent();
    }
    root
}

/// Per parent asked about, for each of its children: whether it stands in
/// an unbroken run of siblings of one tag and class (blank text between
/// them aside, the shown one's state classes aside: [`same_class`]) of
/// which one is shown and holds text: a set of tab panels or slides. Found
/// once per parent, so that the hidden items of a long list cost one pass;
/// kept as two bits a node (the parents done, the children in a set that
/// shows one).
pub struct TabSets {
    done: Vec<u64>,
    shown: Vec<u64>,
}

impl TabSets {
    pub fn new(page: &Page) -> TabSets {
        let words = page.nodes.len().div_ceil(64);
        TabSets { done: vec![0; words], shown: vec![0; words] }
    }

    fn shown(&mut self, page: &Page, parent: NodeId, child: NodeId) -> bool {
        if !bit(&self.done, parent) {
            set_bit(&mut self.done, parent);
            // The run so far: where it starts, its last element, whether one shows.
            let siblings = page.children(parent);
            let (mut start, mut last, mut shows) = (0, None::<&Element>, false);
            let mark = |from: usize, to: usize, shown: &mut [u64]| siblings[from..to].iter().for_each(|&s| set_bit(shown, s));
            for (i, &s) in siblings.iter().enumerate() {
                let alike = match page.element(s) {
                    None if page.text(s).is_none_or(|t| t.trim().is_empty()) => continue,
                    None => None,
                    Some(e) => Some(e),
                };
                if !alike.is_some_and(|e| last.is_some_and(|l| l.tag == e.tag && same_class(&l.class, &e.class))) {
                    if shows {
                        mark(start, i, &mut self.shown);
                    }
                    (start, shows) = (i, false);
                }
                last = alike;
                shows |= alike.is_some_and(|e| !e.hidden) && page.text_content_within(s, 0).is_none();
            }
            if shows {
                mark(start, siblings.len(), &mut self.shown);
            }
        }
        bit(&self.shown, child)
    }
}

/// +1 panel, -1 furniture, 0 unknown, for the element where hiding starts.
pub fn panel_kind(page: &Page, root: NodeId, sets: &mut TabSets) -> f32 {
    let Some(e) = page.element(root) else { return 0.0 };
    // The body of a closed <details> is the accordion pattern itself.
    if page.nodes[root].parent().and_then(|p| page.tag(p)) == Some(Tag::Details) {
        return 1.0;
    }
    // Text for screen readers only is never shown, whatever sits beside it
    // (a toggle's label is not the panel it opens).
    if e.tag == Tag::Nav || e.tag == Tag::Dialog || e.tag == Tag::Form || crate::model::screen_reader_only(&e.class) {
        return -1.0;
    }
    let names = names_of(e);
    let role = e.role().to_ascii_lowercase();
    if role == "tabpanel" || role == "region" {
        return 1.0;
    }
    if matches!(role.as_str(), "menu" | "navigation" | "dialog" | "alertdialog" | "banner" | "search" | "tooltip") {
        return -1.0;
    }
    if names.any(FURNITURE_TOKENS) {
        -1.0
    } else if names.any(PANEL_TOKENS) || revealed_panel(page, root, sets) {
        1.0
    } else {
        0.0
    }
}

/// Whether the hidden element `root` is a panel the page reveals on demand
/// though its names say nothing (hashed CSS-module names, utility classes
/// such as `hidden`): a sibling shows it is one ([`toggled_panel`] or
/// [`tab_panel`]), it sits in the content ([`in_content`]) and its text is
/// mostly not links ([`mostly_prose`]), so that a hidden dropdown of links
/// stays a menu. Found on the sample pages of `tests/eval/styled-pages.mjs`,
/// whose style sheets hide a service's FAQ answers and a product's second
/// tab.
fn revealed_panel(page: &Page, root: NodeId, sets: &mut TabSets) -> bool {
    let Some(parent) = page.nodes[root].parent() else { return false };
    let siblings = page.children(parent);
    // Children are in document order, as node ids are.
    let Ok(at) = siblings.binary_search(&root) else { return false };
    (toggled_panel(page, siblings, at) || tab_panel(page, siblings, at) || sets.shown(page, parent, root))
        && in_content(page, root)
        && mostly_prose(page, root)
}

/// Whether `siblings[at]` comes right after a toggle: its previous element
/// sibling is a button (`<button>`, role=button, `<summary>`) or a small
/// element that holds one, as in the WAI-ARIA accordion and disclosure
/// patterns (`<h3><button>Question</button></h3><div>Answer</div>`).
fn toggled_panel(page: &Page, siblings: &[NodeId], at: usize) -> bool {
    // The previous sibling element (whitespace between them is skipped;
    // other text means the hidden element is not right after it).
    let mut prev = None;
    for &s in siblings[..at].iter().rev() {
        match page.text(s) {
            Some(t) if t.trim().is_empty() => continue,
            Some(_) => return false,
            None => {
                prev = Some(s);
                break;
            }
        }
    }
    let Some(prev) = prev else { return false };
    let is_toggle = |id: NodeId| {
        page.element(id).is_some_and(|e| {
            matches!(e.tag, Tag::Button | Tag::Summary) || e.role().eq_ignore_ascii_case("button")
        })
    };
    let span = page.subtree(prev);
    span.len() <= TOGGLE_SEARCH_NODES && span.into_iter().any(is_toggle)
}

/// Whether `siblings[at]` is one of a set of tab panels (or of slides): a
/// nearby visible sibling has its tag and class and holds text (the panel
/// shown; a class, not only a tag: see [`same_class`]).
fn tab_panel(page: &Page, siblings: &[NodeId], at: usize) -> bool {
    let Some(e) = page.element(siblings[at]) else { return false };
    // Tab panels and slides stand together: the nearest siblings are
    // searched (a bounded number, so that a long list stays linear).
    let near = &siblings[at.saturating_sub(TAB_SEARCH_SIBLINGS)..(at + TAB_SEARCH_SIBLINGS + 1).min(siblings.len())];
    near.iter().any(|&s| {
        s != siblings[at]
            && page.element(s).is_some_and(|o| {
                !o.hidden
                    && o.tag == e.tag
                    && same_class(&o.class, &e.class)
                    && page.text_content_within(s, 0).is_none()
            })
    })
}

/// Equal class lists but for the tokens that mark the shown one
/// (`active`, `is-active`, `show`, `open`, `current`, `selected`), and not
/// empty: a hidden paragraph among visible ones is no tab.
fn same_class(a: &str, b: &str) -> bool {
    const STATE: &[&str] = &["active", "is-active", "show", "open", "current", "selected", "is-selected", "in"];
    // As sets, without sorting (a sort of strings would add its own code
    // to the wasm for a handful of tokens).
    fn tokens(s: &str) -> impl Iterator<Item = &str> + Clone {
        s.split_ascii_whitespace().filter(|t| !STATE.contains(t))
    }
    let within = |x: &str, y: &str| tokens(x).all(|t| tokens(y).any(|u| u == t));
    tokens(a).next().is_some() && within(a, b) && within(b, a)
}

/// Whether a hidden element sits in the page's content: not right under
/// the body (an accordion sits in the content, while popovers, drawers
/// and app-level tabs hang from the body), and not in the page's furniture
/// (its header, menus, footer, sidebar, a form or a dialog: an "install
/// the app" or a filter panel).
pub(crate) fn in_content(page: &Page, root: NodeId) -> bool {
    let Some(parent) = page.nodes[root].parent() else { return false };
    let furniture = |e: &Element| {
        matches!(e.tag, Tag::Header | Tag::Nav | Tag::Footer | Tag::Aside | Tag::Form | Tag::Dialog)
            || matches!(
                e.role().to_ascii_lowercase().as_str(),
                "banner" | "navigation" | "contentinfo" | "complementary" | "dialog" | "search"
            )
    };
    !matches!(page.tag(parent), Some(Tag::Body | Tag::Html)) && page.closest(parent, furniture).is_none()
}

/// Whether at most [`TOGGLED_PANEL_MAX_LINK_SHARE`] of the text under
/// `root` is link text (and there is text).
pub(crate) fn mostly_prose(page: &Page, root: NodeId) -> bool {
    let (mut all, mut link, mut link_end) = (0usize, 0usize, 0);
    for id in page.subtree(root) {
        if id >= link_end && page.is_link(id) {
            link_end = page.subtree_end(id);
        }
        if let Some(t) = page.text(id) {
            let n = t.chars().filter(|c| !c.is_whitespace()).count();
            all += n;
            if id < link_end {
                link += n;
            }
        }
    }
    all > 0 && (link as f32) <= TOGGLED_PANEL_MAX_LINK_SHARE * all as f32
}

fn names_of(e: &Element) -> NameTokens {
    NameTokens::new(&e.class, e.id())
}

/// Writes [`COLUMNS`] for every element and every anonymous leaf.
pub fn score(cx: &Context, table: &mut ScoreTable) {
    let page = cx.page;
    let c = table.add_all(COLUMNS);
    let n = page.nodes.len();
    let mut aria = vec![false; n];
    let mut panel = vec![f32::NAN; n];
    let mut sets = TabSets::new(page);
    for id in 0..n {
        let parent = page.nodes[id].parent();
        aria[id] = parent.is_some_and(|p| aria[p]) || page.element(id).is_some_and(|e| e.aria_hidden);
        let Some(e) = page.element(id) else { continue };
        if e.hidden {
            panel[id] = match parent {
                Some(p) if page.element(p).is_some_and(|pe| pe.hidden) => panel[p],
                _ => panel_kind(page, id, &mut sets),
            };
        }
    }
    let doc_width = page.viewport.map_or(f32::INFINITY, |v| v.width);
    let mut write = |table: &mut ScoreTable, row: NodeId, holder: NodeId| {
        let Some(e) = page.element(holder) else { return };
        table.set(c[0], row, if e.hidden { 1.0 } else { 0.0 });
        if e.hidden {
            let p = if panel[holder].is_nan() {
                hiding_root(page, holder).map_or(0.0, |r| panel_kind(page, r, &mut sets))
            } else {
                panel[holder]
            };
            table.set(c[1], row, p);
        }
        table.set(c[2], row, if aria[holder] { 1.0 } else { 0.0 });
        if let Some(v) = &e.visual {
            let r = v.rect;
            let boxed = !matches!(v.display, crate::model::Display::Contents | crate::model::Display::Inline);
            let tiny = boxed && (r.w <= CLIPPED_MAX_PX || r.h <= CLIPPED_MAX_PX) && cx.seg.sums(holder).chars > 0;
            let off = r.x + r.w <= 0.0 || r.x >= doc_width || r.y + r.h <= 0.0;
            table.set(c[3], row, if tiny || off { 1.0 } else { 0.0 });
        }
    };
    for id in 0..n {
        if page.element(id).is_some() {
            write(table, id, id);
        }
    }
    for leaf in &cx.seg.leaves {
        if !leaf.element {
            write(table, leaf.id, leaf.parent);
        }
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;

    /// `html` scored: the panel column of a leaf, by the leaf's text.
    fn panels(html: &str) -> impl Fn(&str) -> f32 {
        let (page, seg, t) = crate::cues::scored_html(html, score);
        let col = t.expect("visibility.panel");
        let by_text: Vec<(String, f32)> = seg.leaves.iter().map(|l| (l.text(&page).to_string(), t.get(col, l.id))).collect();
        move |text| by_text.iter().find(|(x, _)| x == text).map(|&(_, v)| v).expect("a leaf with that text")
    }

    #[test]
    fn panels_and_furniture() {
        let panel_of = panels(
            "<html><body><details><summary>Q</summary><p>Answer text</p></details>\
             <div class='tab-pane' hidden><p>Specs</p></div>\
             <div class='dropdown-menu' hidden><a href='/'>Home</a></div>\
             <div hidden><p>Plain</p></div></body></html>",
        );
        assert_eq!(panel_of("Answer text"), 1.0);
        assert_eq!(panel_of("Specs"), 1.0);
        assert_eq!(panel_of("Home"), -1.0);
        assert_eq!(panel_of("Plain"), 0.0);
        assert!(panel_of("Q").is_nan(), "the summary is visible");
    }

    #[test]
    fn a_hidden_block_after_a_toggle_is_a_panel_unless_it_is_links() {
        let panel_of = panels(
            "<html><body><header><button>Install</button>\
             <div class='c3' hidden><p>Add this site to your home screen.</p></div></header>\
             <button>Open</button><div class='c3' hidden><p>A drawer hung from the body.</p></div><main>\
             <div class='a1'><h3 class='b2'><button>Question one</button></h3>\
             <div class='c3' hidden><p>The answer, in a sentence or two.</p></div></div>\
             <div class='a1'><button>Menu</button>\
             <ul class='c3' hidden><li><a href='/a'>First page</a></li><li><a href='/b'>Second page</a></li></ul></div>\
             <div class='a1'><p>Not a toggle</p>\
             <div class='c3' hidden><p>Kept hidden without a toggle.</p></div></div>\
             <div class='a1'><button>Two</button>Some text\
             <div class='c3' hidden><p>Text stands between.</p></div></div>\
             </main></body></html>",
        );
        assert_eq!(panel_of("The answer, in a sentence or two."), 1.0);
        assert_eq!(panel_of("First page"), 0.0, "a hidden list of links is a menu");
        assert_eq!(panel_of("Kept hidden without a toggle."), 0.0);
        assert_eq!(panel_of("Text stands between."), 0.0);
        assert_eq!(panel_of("Add this site to your home screen."), 0.0, "a disclosure in the header is furniture");
        assert_eq!(panel_of("A drawer hung from the body."), 0.0);
    }

    #[test]
    fn a_hidden_tab_beside_the_shown_one_is_a_panel() {
        let panel_of = panels(
            "<html><body><main><div class='k9'>\
             <div class='p4 is-active'><p>The description, shown.</p></div>\
             <div class='p4' hidden><p>The specifications, in the second tab.</p></div>\
             <div class='q7' hidden><p>Another block, unlike the shown one.</p></div>\
             </div></main></body></html>",
        );
        assert_eq!(panel_of("The specifications, in the second tab."), 1.0);
        assert_eq!(panel_of("Another block, unlike the shown one."), 0.0);
    }

    #[test]
    fn every_hidden_slide_of_a_gallery_is_a_panel_however_far_from_the_shown_one() {
        // Twelve slides, the first shown; then, after a paragraph that
        // ends the run, twelve more alike with none of theirs shown.
        let slide = |i: usize, shown: bool| {
            let (class, hidden) = if shown { ("sl active", "") } else { ("sl", " hidden") };
            format!("<div class='{class}'{hidden}>\n<p>Caption {i} of the gallery.</p></div>\n")
        };
        let first: String = (1..=12).map(|i| slide(i, i == 1)).collect();
        let second: String = (13..=24).map(|i| slide(i, false)).collect();
        let html = format!("<html><body><main><div class='g'>{first}<p>A paragraph between.</p>{second}</div></main></body></html>");
        let panel_of = panels(&html);
        for i in 2..=12 {
            assert_eq!(panel_of(&format!("Caption {i} of the gallery.")), 1.0, "slide {i}");
        }
        // The second run shows none of its slides.
        assert_eq!(panel_of("Caption 24 of the gallery."), 0.0);
        assert!(panel_of("Caption 1 of the gallery.").is_nan(), "the shown slide");
    }
}
