//! The native front-end: parsed HTML (html5ever, through scraper) to
//! [`PageFacts`], following the walk documented in [`crate::model`]'s facts
//! module. No layout happens here, so there are no visual facts; widths come
//! from `width` attributes and inline styles.

use scraper::{ElementRef, Html, Node};

use crate::error::{Error, Result};
use crate::model::{
    attributes_read, enters, is_frame, is_skipped, style_property, walks_noscript, MetaFact, NodeFacts, Page, PageFacts, TEXT_NODE_TAG,
};


/// Elements browsers hide by their user-agent style sheet whose hiding
/// parsed HTML cannot see: `<rp>` (a ruby fallback parenthesis, `display:
/// none` where ruby renders) and MathML's `<annotation>`s (only a
/// `<semantics>`' first child renders: MathML Core §3.1.2). Hidden here as
/// the browser hides them, so both front-ends read the same text.
const PARSED_HIDDEN_TAGS: &[&str] = &["rp", "annotation", "annotation-xml"];

/// Parses `html` and builds the page model.
pub fn parse_document(html: &str, url: &str) -> Result<Page> {
    Page::from_facts(facts_from_html(html, url)?)
}

/// Parses `html` into the facts a browser walker would give, minus layout.
pub fn facts_from_html(html: &str, url: &str) -> Result<PageFacts> {
    let doc = Html::parse_document(html);
    let root = doc.root_element();
    let start = root
        .children()
        .filter_map(ElementRef::wrap)
        .find(|e| e.value().name() == "body")
        .unwrap_or(root);

    let mut facts = PageFacts {
        url: url.to_string(),
        lang: root.value().attr("lang").unwrap_or_default().to_string(),
        dir: root.value().attr("dir").unwrap_or_default().to_string(),
        ..Default::default()
    };
    for node in root.descendants() {
        let Some(e) = ElementRef::wrap(node) else { continue };
        let v = e.value();
        match v.name() {
            // The first `<base href>` sets what relative addresses resolve
            // against (HTML §4.2.3), as `document.baseURI` gives browsers.
            "base" if facts.base_url.is_empty() => {
                if let Some(base) = v.attr("href").and_then(|h| crate::url::resolve(url, h)) {
                    if base != url {
                        facts.base_url = base;
                    }
                }
            }
            "title" if facts.title.is_empty() => {
                facts.title = e.text().collect();
            }
            "meta" => {
                let key = ["property", "name", "itemprop"].iter().find_map(|k| v.attr(k));
                if let (Some(key), Some(content)) = (key, v.attr("content")) {
                    facts.meta.push(MetaFact {
                        key: key.to_string(),
                        content: content.to_string(),
                    });
                }
            }
            "script" if v.attr("type").is_some_and(|t| t.trim() == "application/ld+json") => {
                facts.json_ld.push(e.text().collect());
            }
            _ => {}
        }
    }

    walk(&mut facts, *start, -1, false);
    if facts.nodes.is_empty() {
        return Err(Error::EmptyPage);
    }
    Ok(facts)
}


/// Walks `start`'s subtree into `facts` in pre-order, with an explicit
/// stack (pages nest deeper than a thread's stack allows for recursion);
/// a long `<noscript>`'s markup is parsed and walked in place, hidden.
fn walk(facts: &mut PageFacts, start: ego_tree::NodeRef<'_, Node>, parent: i64, hidden: bool) {
    // (node, parent index, inside a hidden subtree)
    let mut stack = vec![(start, parent, hidden)];
    while let Some((node, parent, in_hidden)) = stack.pop() {
        let index = facts.nodes.len() as i64;
        match node.value() {
            Node::Text(t) => {
                facts.nodes.push(NodeFacts {
                    parent,
                    tag: TEXT_NODE_TAG.into(),
                    text: t.to_string(),
                    ..Default::default()
                });
            }
            Node::Element(v) => {
                let name = v.name().to_ascii_lowercase();
                if is_skipped(&name) {
                    continue;
                }
                let attr = |k: &str| v.attr(k).unwrap_or_default().to_string();
                let style = attr("style");
                // With scripting on (as in the browsers Pith reads), a
                // noscript never renders.
                let hidden = in_hidden
                    || name == "noscript"
                    || PARSED_HIDDEN_TAGS.contains(&name.as_str())
                    || v.attr("hidden").is_some()
                    // The user-agent sheet's `input[type=hidden i] {
                    // display: none !important }` (HTML §15.3.1, hidden
                    // elements), as the browser walkers see it.
                    || (name == "input" && v.attr("type").is_some_and(|t| t.trim().eq_ignore_ascii_case("hidden")))
                    || style_property(&style, "display").as_deref() == Some("none")
                    || style_property(&style, "visibility").as_deref()
                        == Some("hidden");
                facts.nodes.push(NodeFacts {
                    parent,
                    id: attr("id"),
                    class: attr("class"),
                    role: attr("role"),
                    href: if name == "a" { v.attr("href").map(str::to_string) } else { None },
                    src: if name == "img" { attr("src") } else { String::new() },
                    alt: if name == "img" { attr("alt") } else { String::new() },
                    dir: attr("dir"),
                    rel: attr("rel"),
                    itemprop: attr("itemprop"),
                    aria_hidden: v.attr("aria-hidden").is_some_and(|a| a.trim() == "true"),
                    hidden,
                    width: attr("width"),
                    style,
                    visual: None,
                    text: String::new(),
                    attrs: attributes_read(&name)
                        .iter()
                        .filter_map(|k| Some([k.to_string(), v.attr(k)?.to_string()]))
                        .flatten()
                        .collect(),
                    tag: name.clone(),
                });
                if name == "noscript" {
                    let markup: String = node.children().filter_map(|c| c.value().as_text().map(|t| t.to_string())).collect();
                    if walks_noscript(&markup) {
                        // Walked now, before the noscript's siblings: the
                        // facts stay in pre-order. Each nested noscript's
                        // markup is shorter, so this ends.
                        let inner = Html::parse_document(&markup);
                        let body = inner.root_element().children().filter_map(ElementRef::wrap).find(|e| e.value().name() == "body");
                        if let Some(body) = body {
                            for c in body.children() {
                                walk(facts, c, index, true);
                            }
                        }
                    }
                } else if is_frame(&name) {
                    // A `srcdoc` frame's document is this markup (same
                    // origin as the page); a frame loaded from an address is
                    // not fetched here, so it is named as skipped.
                    match v.attr("srcdoc") {
                        Some(markup) => {
                            let inner = Html::parse_document(markup);
                            let body = inner.root_element().children().filter_map(ElementRef::wrap).find(|e| e.value().name() == "body");
                            if let Some(body) = body {
                                for c in body.children() {
                                    walk(facts, c, index, hidden);
                                }
                            }
                        }
                        None => {
                            if let Some(src) = v.attr("src").filter(|s| !s.trim().is_empty()) {
                                facts.frames_skipped.push(src.to_string());
                            }
                        }
                    }
                } else if enters(&name, || false /* no layout: an <object>'s fallback never shows */) {
                    // Push children reversed so they pop in document order.
                    let children: Vec<_> = node.children().collect();
                    // A closed <details> renders only its first <summary>.
                    let closed_details = name == "details" && v.attr("open").is_none();
                    let mut summary_seen = false;
                    let child_hidden: Vec<bool> = children
                        .iter()
                        .map(|c| {
                            if !closed_details {
                                return hidden;
                            }
                            let summary = c.value().as_element().is_some_and(|e| e.name() == "summary");
                            if summary && !summary_seen {
                                summary_seen = true;
                                hidden
                            } else {
                                true
                            }
                        })
                        .collect();
                    for (c, h) in children.into_iter().zip(child_hidden).rev() {
                        stack.push((c, index, h));
                    }
                }
            }
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::NodeKind;

    #[test]
    fn long_noscript_markup_is_walked_and_shown_when_the_page_shows_nothing() {
        let post = "<p>A post with enough words to matter in a forum thread.</p>".repeat(30);
        let html = format!("<html><body><div id=splash></div><noscript><b>Enable JS</b></noscript>\
                            <noscript><header>Forum</header>{post}</noscript></body></html>");
        let page = parse_document(&html, "u").unwrap();
        let names: Vec<&str> = (0..page.nodes.len()).filter_map(|id| page.element(id).map(|e| e.name())).collect();
        // The short noscript has no children; the long one's markup is walked.
        assert_eq!(&names[..6], ["body", "div", "noscript", "noscript", "header", "p"]);
        // Nothing else is visible, so the noscript content is the page.
        assert!((0..page.nodes.len()).all(|id| !page.element(id).is_some_and(|e| e.hidden)));
        let with_text = format!("<html><body><article>{}</article><noscript>{post}</noscript></body></html>", "<p>Visible words here.</p>".repeat(200));
        let page = parse_document(&with_text, "u").unwrap();
        let ns = (0..page.nodes.len()).position(|id| page.element(id).is_some_and(|e| e.name() == "noscript")).unwrap();
        assert!(page.element(ns).unwrap().hidden && page.element(ns + 1).unwrap().hidden);
    }

    #[test]
    fn walks_body_in_document_order_and_skips_what_never_renders() {
        let page = parse_document(
            "<html lang=en><head><title> A  title </title>\
             <meta property='og:site_name' content='Site'></head>\
             <body><p>One <b>two</b></p><script>x()</script>\
             <div hidden><p>secret</p></div><svg><text>chart</text></svg>\
             <details><summary>More</summary><p>Panel</p></details>\
             <input type=' Hidden ' value='7'><input type='checkbox'></body></html>",
            "https://example.test/",
        )
        .unwrap();
        assert_eq!(page.doc_title, "A title");
        assert_eq!(page.lang, "en");
        assert_eq!(page.meta_content(&["og:site_name"]), Some("Site"));
        let names: Vec<String> = (0..page.nodes.len())
            .map(|id| match page.kind(id) {
                NodeKind::Element(e) => e.name().to_string(),
                NodeKind::Text(t) => format!("'{t}'"),
            })
            .collect();
        assert_eq!(
            names,
            ["body", "p", "'One '", "b", "'two'", "div", "p", "'secret'", "svg", "details", "summary",
             "'More'", "p", "'Panel'", "input", "input"]
        );
        // Hidden subtrees are walked and marked; so is a closed <details>'s
        // body, and a hidden input (the user-agent sheet hides it).
        let hidden: Vec<usize> = (0..page.nodes.len()).filter(|&i| page.element(i).is_some_and(|e| e.hidden)).collect();
        assert_eq!(hidden, [5, 6, 12, 14]);
        assert_eq!(page.text_content(0), "One two More");
    }
}
