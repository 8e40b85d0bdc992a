//! [`PageFacts`]: what a front-end read off a page, in the one serialised
//! form all front-ends share, and [`Page::from_facts`], the one place facts
//! become a model. The web-sys walker, the JS walker and the HTML parser all
//! end here, so the three cannot drift apart in how they interpret a fact.
//!
//! ## The walk (every front-end follows it)
//! * Only HTML documents (`text/html`, `application/xhtml+xml`) are walked.
//! * Start at `<body>` (or the root element when there is none); visit in
//!   document (pre-)order; node 0 is the start, its `parent` is -1.
//! * Visit the children that render (the flat tree): a shadow host's open
//!   shadow root's children instead of its own, a `<slot>`'s assigned nodes
//!   (flattened) where it has any.
//! * Skip, with their subtrees, comments and [`SKIPPED_TAGS`].
//! * Record text nodes as they are (tag [`TEXT_NODE_TAG`]).
//! * Record elements; do not enter [`OPAQUE_TAGS`].
//! * Hidden: in a browser, computed `display: none`, or `checkVisibility({
//!   visibilityProperty: true })` false for an element whose `display` is not
//!   `contents` (this covers the body of a closed `<details>`); in parsed
//!   HTML, the `hidden` attribute, an inline `display: none` /
//!   `visibility: hidden`, or the body of a `<details>` without `open`.
//!   Opacity 0 is not hidden: pages that fade text in as it scrolls into
//!   view start it at opacity 0.
//! * Enter hidden elements too (a closed tab or accordion panel of the
//!   main content is content): every element under a hidden one is marked
//!   hidden and read without visual facts (no style or layout read).
//! * Read `id`, `class`, `role`, `dir`, `rel`, `itemprop`, `aria-hidden` of
//!   every element,
//!   `href` of `<a>`, `src` and `alt` of `<img>`.
//! * In a browser, read each element's bounding box (plus scroll offsets)
//!   and computed `display`, and `position` unless `display` is `inline`;
//!   read `font-size`, `font-weight`, `line-height` only for elements with a
//!   non-blank text child. Reads cross the wasm boundary as strings, the
//!   walk's main cost: each one read must decide something.

use serde::{Deserialize, Serialize};

use super::{Display, Element, Font, Node, NodeKind, Page, Position, Rect, Size, Tag, Visual};
use crate::error::{Error, Result};

/// The `tag` of a text node in [`NodeFacts`].
pub const TEXT_NODE_TAG: &str = "#text";

/// Elements the walk skips with their subtrees: they never render content
/// (`<noscript>` renders only where scripts are off, and Pith's reader is
/// about the page as the user sees it with scripts on).
pub const SKIPPED_TAGS: &[&str] = &[
    "script", "style", "template", "noscript", "link", "meta", "base", "title", "head",
];

/// Elements recorded but not entered: their descendants are not page text
/// (form control options, embedded documents, graphics).
pub const OPAQUE_TAGS: &[&str] = &[
    "svg", "math", "select", "textarea", "iframe", "object", "embed", "video", "audio", "canvas",
];

/// Whether the walk skips `tag` with its subtree.
pub fn is_skipped(tag: &str) -> bool {
    SKIPPED_TAGS.contains(&tag)
}

/// Whether the walk records `tag` without entering it.
pub fn is_opaque(tag: &str) -> bool {
    OPAQUE_TAGS.contains(&tag)
}

/// CSS 2.1 §10.8.1 suggests a used value "between 1.0 and 1.2" for
/// `line-height: normal`; browsers use about 1.2 for common fonts.
pub const NORMAL_LINE_HEIGHT: f32 = 1.2;

/// Page width assumed for parsed HTML when a width is given in pixels: the
/// viewport width of the evaluation harness (tests/eval, 1280×900).
pub const ASSUMED_PAGE_WIDTH_PX: f32 = 1280.0;

/// A page as a front-end read it.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct PageFacts {
    pub url: String,
    pub title: String,
    pub lang: String,
    pub dir: String,
    pub meta: Vec<MetaFact>,
    pub json_ld: Vec<String>,
    /// Layout viewport width (`documentElement.clientWidth`), 0 if unknown.
    pub viewport_width: f32,
    pub viewport_height: f32,
    pub nodes: Vec<NodeFacts>,
}

/// One `<meta>`: `key` is its `property`, `name` or `itemprop` (the first
/// present; lower-cased by [`Page::from_facts`]); `content` its content.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct MetaFact {
    pub key: String,
    pub content: String,
}

/// One node as a walker read it. Strings left empty were absent.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct NodeFacts {
    /// Index of the parent among the facts already given; -1 for the root.
    pub parent: i64,
    /// Lower-case local name, or [`TEXT_NODE_TAG`].
    pub tag: String,
    #[serde(skip_serializing_if = "String::is_empty")]
    pub text: String,
    #[serde(skip_serializing_if = "String::is_empty")]
    pub id: String,
    #[serde(skip_serializing_if = "String::is_empty")]
    pub class: String,
    #[serde(skip_serializing_if = "String::is_empty")]
    pub role: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub href: Option<String>,
    #[serde(skip_serializing_if = "String::is_empty")]
    pub src: String,
    #[serde(skip_serializing_if = "String::is_empty")]
    pub alt: String,
    #[serde(skip_serializing_if = "String::is_empty")]
    pub dir: String,
    #[serde(skip_serializing_if = "String::is_empty")]
    pub rel: String,
    #[serde(skip_serializing_if = "String::is_empty")]
    pub itemprop: String,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub aria_hidden: bool,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub hidden: bool,
    /// Parsed HTML only: the `width` attribute and the inline `style`.
    #[serde(skip_serializing_if = "String::is_empty")]
    pub width: String,
    #[serde(skip_serializing_if = "String::is_empty")]
    pub style: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub visual: Option<VisualFacts>,
}

/// Rendered facts, as the browser gives them (computed values as strings,
/// parsed here so that both walkers share one parser).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct VisualFacts {
    pub x: f32,
    pub y: f32,
    pub w: f32,
    pub h: f32,
    pub display: String,
    pub position: String,
    /// Empty unless the element holds text directly.
    #[serde(skip_serializing_if = "String::is_empty")]
    pub font_size: String,
    #[serde(skip_serializing_if = "String::is_empty")]
    pub font_weight: String,
    #[serde(skip_serializing_if = "String::is_empty")]
    pub line_height: String,
}

/// Parses a CSS pixel length such as `16px` or `16.5px`.
fn parse_px(s: &str) -> Option<f32> {
    s.trim().strip_suffix("px")?.trim().parse().ok()
}

/// Parses a computed `font-weight` (`400`, `bold`, `normal`).
fn parse_weight(s: &str) -> u16 {
    match s.trim() {
        "bold" | "bolder" => 700,
        "lighter" => 300,
        "" | "normal" => 400,
        n => n.parse::<f32>().map(|w| w.clamp(1.0, 1000.0) as u16).unwrap_or(400),
    }
}

/// A width hint from parsed HTML: `70%`, `600`, `600px`.
#[derive(Debug, Clone, Copy, PartialEq)]
enum WidthHint {
    Percent(f32),
    Px(f32),
}

fn parse_width_hint(s: &str) -> Option<WidthHint> {
    let s = s.trim();
    if let Some(p) = s.strip_suffix('%') {
        return p.trim().parse().ok().map(WidthHint::Percent);
    }
    let n = s.strip_suffix("px").unwrap_or(s).trim();
    n.parse().ok().filter(|v: &f32| *v > 0.0).map(WidthHint::Px)
}

/// The value of `prop` in an inline style attribute, lower-cased.
pub fn style_property(style: &str, prop: &str) -> Option<String> {
    style.split(';').rev().find_map(|decl| {
        let (k, v) = decl.split_once(':')?;
        (k.trim().eq_ignore_ascii_case(prop))
            .then(|| v.trim().trim_end_matches("!important").trim().to_ascii_lowercase())
    })
}

impl Page {
    /// Builds the model from facts, checking their shape: node 0 is the
    /// only root, every parent comes earlier and is an element.
    pub fn from_facts(facts: PageFacts) -> Result<Page> {
        if facts.nodes.is_empty() {
            return Err(Error::EmptyPage);
        }
        let viewport = (facts.viewport_width > 0.0)
            .then_some(Size { width: facts.viewport_width, height: facts.viewport_height });
        let mut nodes: Vec<Node> = Vec::with_capacity(facts.nodes.len());
        for (i, f) in facts.nodes.into_iter().enumerate() {
            let parent = match (i, f.parent) {
                (0, -1) => None,
                (_, -1) => return Err(Error::BadRoot { node: i }),
                (0, p) => return Err(Error::BadParent { node: 0, parent: p }),
                (_, p) if p < 0 || p as usize >= i => {
                    return Err(Error::BadParent { node: i, parent: p })
                }
                (_, p) => Some(p as usize),
            };
            let (parent_width, parent_hidden) = match parent {
                Some(p) => match &nodes[p].kind {
                    NodeKind::Element(e) => (e.width_ratio, e.hidden),
                    NodeKind::Text(_) => return Err(Error::TextParent { node: i }),
                },
                None => (1.0, false),
            };
            if i == 0 && f.tag == TEXT_NODE_TAG {
                return Err(Error::TextRoot);
            }
            let kind = if f.tag == TEXT_NODE_TAG {
                NodeKind::Text(f.text)
            } else {
                let mut e = element_from_facts(f, parent_width, viewport);
                // Hidden is inherited: nothing under a hidden element renders.
                e.hidden |= parent_hidden;
                NodeKind::Element(Box::new(e))
            };
            if let Some(p) = parent {
                nodes[p].children.push(i);
            }
            nodes.push(Node { parent, children: Vec::new(), kind });
        }
        let meta = facts
            .meta
            .into_iter()
            .map(|m| MetaFact { key: m.key.trim().to_ascii_lowercase(), content: m.content })
            .collect();
        Ok(Page {
            url: facts.url,
            doc_title: crate::text::collapse_whitespace(&facts.title).trim().to_string(),
            lang: facts.lang.trim().to_string(),
            dir: facts.dir.trim().to_string(),
            meta,
            json_ld: facts.json_ld,
            viewport,
            nodes,
        })
    }
}

fn element_from_facts(f: NodeFacts, parent_width: f32, viewport: Option<Size>) -> Element {
    let tag = Tag::from_name(&f.tag);
    let mut hidden = f.hidden;
    let visual = f.visual.map(|v| {
        let font = parse_px(&v.font_size).map(|size| Font {
            size,
            weight: parse_weight(&v.font_weight),
            line_height: parse_px(&v.line_height).unwrap_or(size * NORMAL_LINE_HEIGHT),
        });
        let lines = match font {
            Some(font) if v.h > 0.0 && font.line_height > 0.0 => {
                ((v.h / font.line_height).round() as u32).max(1)
            }
            _ => 0,
        };
        Visual {
            rect: Rect { x: v.x, y: v.y, w: v.w, h: v.h },
            display: Display::parse(&v.display),
            position: Position::parse(&v.position),
            font,
            lines,
        }
    });
    if visual.as_ref().is_some_and(|v| v.display == Display::None) {
        hidden = true;
    }
    let width_ratio = match (&visual, viewport) {
        (Some(v), _) if v.display == Display::Contents => parent_width,
        (Some(v), Some(vp)) => (v.rect.w / vp.width).clamp(0.0, 1.0),
        _ => {
            let hint = parse_width_hint(&f.width)
                .or_else(|| style_property(&f.style, "width").and_then(|w| parse_width_hint(&w)));
            match hint {
                Some(WidthHint::Percent(p)) => (parent_width * p / 100.0).clamp(0.0, 1.0),
                Some(WidthHint::Px(px)) => (px / ASSUMED_PAGE_WIDTH_PX).clamp(0.0, 1.0),
                None => parent_width,
            }
        }
    };
    Element {
        name: f.tag,
        tag,
        id: f.id,
        class: f.class,
        role: f.role,
        href: f.href,
        src: f.src,
        alt: f.alt,
        dir: f.dir,
        rel: f.rel,
        itemprop: f.itemprop,
        aria_hidden: f.aria_hidden,
        hidden,
        width_ratio,
        visual,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn el(parent: i64, tag: &str) -> NodeFacts {
        NodeFacts { parent, tag: tag.into(), ..Default::default() }
    }

    #[test]
    fn rejects_bad_shapes() {
        assert_eq!(Page::from_facts(PageFacts::default()).unwrap_err(), Error::EmptyPage);
        let facts = |nodes| PageFacts { nodes, ..Default::default() };
        assert_eq!(
            Page::from_facts(facts(vec![el(-1, "body"), el(5, "p")])).unwrap_err(),
            Error::BadParent { node: 1, parent: 5 }
        );
        assert_eq!(
            Page::from_facts(facts(vec![el(-1, "body"), el(-1, "p")])).unwrap_err(),
            Error::BadRoot { node: 1 }
        );
        let text = NodeFacts { text: "x".into(), ..el(0, TEXT_NODE_TAG) };
        let root_text = NodeFacts { parent: -1, ..text.clone() };
        assert_eq!(Page::from_facts(facts(vec![root_text])).unwrap_err(), Error::TextRoot);
        assert_eq!(
            Page::from_facts(facts(vec![el(-1, "body"), text, el(1, "p")])).unwrap_err(),
            Error::TextParent { node: 2 }
        );
    }

    #[test]
    fn width_hints_resolve_against_the_parent() {
        let nodes = vec![
            el(-1, "body"),
            NodeFacts { style: "color: red; width: 50%".into(), ..el(0, "div") },
            NodeFacts { width: "50%".into(), ..el(1, "table") },
            el(2, "td"),
            NodeFacts { width: "640".into(), ..el(0, "div") },
        ];
        let page = Page::from_facts(PageFacts { nodes, ..Default::default() }).unwrap();
        let w = |i| page.element(i).unwrap().width_ratio;
        assert_eq!((w(0), w(1), w(2), w(3), w(4)), (1.0, 0.5, 0.25, 0.25, 0.5));
        assert_eq!(page.nodes[0].children, vec![1, 4]);
    }

    #[test]
    fn visual_facts_are_parsed_once() {
        let v = VisualFacts {
            w: 640.0,
            h: 72.0,
            display: "block".into(),
            position: "sticky".into(),
            font_size: "16px".into(),
            font_weight: "700".into(),
            line_height: "normal".into(),
            ..Default::default()
        };
        let nodes = vec![NodeFacts { visual: Some(v), ..el(-1, "p") }];
        let page = Page::from_facts(PageFacts {
            viewport_width: 1280.0,
            nodes,
            ..Default::default()
        })
        .unwrap();
        let e = page.element(0).unwrap();
        let vis = e.visual.as_ref().unwrap();
        assert_eq!(e.width_ratio, 0.5);
        assert_eq!(vis.position, Position::Sticky);
        assert_eq!(vis.font.unwrap().weight, 700);
        // 72px of 16px × 1.2 lines.
        assert_eq!(vis.lines, 4);
    }
}
