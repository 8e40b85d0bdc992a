//! Visual cue: what the reader cannot see. Hidden (display, visibility, a
//! closed `<details>`), aria-hidden, clipped to a pixel (screen-reader-only
//! text), off-screen. Hidden text is not thrown away here: a closed tab or
//! accordion panel inside the main content is content, a hidden menu or
//! dialog is not, so the hiding element is judged by its name and role and
//! the decision weighs that against where it sits.

use crate::model::{Element, NodeId, Page, Tag};
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

/// An element whose box is at most this many CSS pixels wide or high, with
/// text in it, is clipped away (the `sr-only` / `visually-hidden` pattern:
/// `width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0)`).
pub const CLIPPED_MAX_PX: f32 = 1.0;

pub const COLUMNS: &[ColumnSpec] = &[
    ColumnSpec {
        key: "visibility.hidden",
        signal: "visibility",
        label: "hidden",
        source: "computed display / visibility, checkVisibility(), the hidden attribute",
        description: "1 where the node is not rendered (itself or through an ancestor).",
    },
    ColumnSpec {
        key: "visibility.panel",
        signal: "visibility",
        label: "panel",
        source: "Pith: names and roles of the hiding element",
        description: "For hidden nodes: +1 when the hiding element looks like a tab or accordion panel, -1 like a menu or dialog, 0 unknown.",
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
        cur = page.nodes[c].parent;
    }
    root
}

/// +1 panel, -1 furniture, 0 unknown, for the element where hiding starts.
pub fn panel_kind(page: &Page, root: NodeId) -> f32 {
    let Some(e) = page.element(root) else { return 0.0 };
    // The body of a closed <details> is the accordion pattern itself.
    if page.nodes[root].parent.and_then(|p| page.tag(p)) == Some(Tag::Details) {
        return 1.0;
    }
    if e.tag == Tag::Nav || e.tag == Tag::Dialog || e.tag == Tag::Form {
        return -1.0;
    }
    let names = names_of(e);
    let role = e.role.to_ascii_lowercase();
    if role == "tabpanel" || role == "region" {
        return 1.0;
    }
    if matches!(role.as_str(), "menu" | "navigation" | "dialog" | "alertdialog" | "banner" | "search" | "tooltip") {
        return -1.0;
    }
    if names.any(FURNITURE_TOKENS) {
        -1.0
    } else if names.any(PANEL_TOKENS) {
        1.0
    } else {
        0.0
    }
}

fn names_of(e: &Element) -> NameTokens {
    NameTokens::new(&e.class, &e.id)
}

/// Writes [`COLUMNS`] for every element and every anonymous leaf.
pub fn score(cx: &Context, table: &mut ScoreTable) {
    let page = cx.page;
    let c = table.add_all(COLUMNS);
    let n = page.nodes.len();
    let mut aria = vec![false; n];
    let mut panel = vec![f32::NAN; n];
    for id in 0..n {
        let parent = page.nodes[id].parent;
        aria[id] = parent.is_some_and(|p| aria[p]) || page.element(id).is_some_and(|e| e.aria_hidden);
        let Some(e) = page.element(id) else { continue };
        if e.hidden {
            panel[id] = match parent {
                Some(p) if page.element(p).is_some_and(|pe| pe.hidden) => panel[p],
                _ => panel_kind(page, id),
            };
        }
    }
    let doc_width = page.viewport.map_or(f32::INFINITY, |v| v.width);
    let write = |table: &mut ScoreTable, row: NodeId, holder: NodeId| {
        let Some(e) = page.element(holder) else { return };
        table.set(c[0], row, if e.hidden { 1.0 } else { 0.0 });
        if e.hidden {
            let p = if panel[holder].is_nan() {
                hiding_root(page, holder).map_or(0.0, |r| panel_kind(page, r))
            } else {
                panel[holder]
            };
            table.set(c[1], row, p);
        }
        table.set(c[2], row, if aria[holder] { 1.0 } else { 0.0 });
        if let Some(v) = &e.visual {
            let r = v.rect;
            let boxed = !matches!(v.display, crate::model::Display::Contents | crate::model::Display::Inline);
            let tiny = boxed && (r.w <= CLIPPED_MAX_PX || r.h <= CLIPPED_MAX_PX) && cx.seg.sums[holder].chars > 0;
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

    #[test]
    fn panels_and_furniture() {
        let (_page, seg, t) = crate::cues::scored_html(
            "<html><body><details><summary>Q</summary><p>Answer text</p></details>\
             <div class='tab-pane' hidden><p>Specs</p></div>\
             <div class='dropdown-menu' hidden><a href='/'>Home</a></div>\
             <div hidden><p>Plain</p></div></body></html>",
            score,
        );
        let col = t.expect("visibility.panel");
        let panel_of = |text: &str| {
            let leaf = seg.leaves.iter().find(|l| l.text == text).unwrap();
            t.get(col, leaf.id)
        };
        assert_eq!(panel_of("Answer text"), 1.0);
        assert_eq!(panel_of("Specs"), 1.0);
        assert_eq!(panel_of("Home"), -1.0);
        assert_eq!(panel_of("Plain"), 0.0);
        assert!(panel_of("Q").is_nan(), "the summary is visible");
    }
}
