//! A page of Pith's own, run once through the whole core in a new wasm
//! instance before its first real page: the warm-up.
//!
//! A browser compiles a wasm module's functions lazily, on their first
//! call, into quick unoptimised code, and optimises the ones that run hot
//! later, in the background. A new instance's first extraction therefore
//! pays for compiling every function it reaches, and runs them slowly:
//! measured 2026-11-24 (25 wcxb-dev pages' dumped facts, every 60th, each
//! in a fresh headless Chromium, `extractFacts` on the page's facts text),
//! the first call took 60.6 ms at the median page and the fifth 15.8 ms;
//! after one earlier call on another page, the first took 24.6 ms.
//!
//! The extension's background starts a new instance whenever its worker
//! starts, and an idle worker is stopped after 30 s, so a click after a
//! while on a page meets a new instance. The background runs this page
//! ([`facts_json`], through `warmUp` in `src/web/mod.rs`) in each new
//! worker: five times when a tab has loaded a page, or else once while the
//! clicked page reads itself, so that the page's own facts meet compiled
//! and partly optimised code (`extension/background/service-worker.js`,
//! `warmUpCore`).
//!
//! The page is made to reach what real pages reach: the facts' JSON
//! reader, the page model, every signal, the page type, both decision
//! stages, the article builder with every block kind (headings,
//! paragraphs with links and emphasis, lists, a quote, code, a data table,
//! a figure), metadata from meta tags and JSON-LD, and the sentences.
//! Its text is Pith's own, not any data set's.

use std::fmt::Write as _;

/// The viewport the page is laid out in.
const VIEWPORT: (i32, i32) = (1280, 900);
/// The article column's left edge and width.
const COLUMN: (i32, i32) = (320, 640);
/// Body text: font size (px), weight, line height. Whole numbers and
/// constant strings: formatting floats would add their code to the wasm.
const BODY_FONT: (u32, u32, &str) = (18, 400, "28.8px");

/// Prose for the paragraphs (no quotes or backslashes: written into JSON
/// as they are, see the test).
const PARAGRAPHS: &[&str] = &[
    "Reading on the web should be quiet. A page carries menus, banners, share buttons and offers; the text you came for sits somewhere in the middle, between them.",
    "A reader mode takes the page apart and keeps the article: its title, its headings, its paragraphs, lists, quotes, code and tables, in the order the author wrote them.",
    "How does it know which blocks to keep? It measures them. Long runs of plain sentences, few links, a wide column near the middle of the page: these are the marks of content.",
    "Navigation looks different. Short items, each of them a link, repeated in the same format across the top or down the side of every page of a site.",
    "Some pages are not articles at all. A shop lists products in cards; a forum shows posts by many people; documentation mixes prose with code and reference tables.",
    "Each kind asks for its own rules, so the page is classified before anything is kept, and the rules of its kind decide the close calls.",
    "The result is shown in a clean view, with fonts and widths the reader chose, and it can be read aloud, sentence by sentence, while the text follows along.",
];

/// Builds the warm-up page's facts as JSON text, as the JS walker sends them.
pub fn facts_json() -> String {
    let mut p = Builder::default();
    let body = p.el(-1, "body", "", (0, 0, VIEWPORT.0, 2600), "block");
    // The site's header and menu.
    let header = p.el(body, "header", "site-header", (0, 0, VIEWPORT.0, 64), "block");
    let logo = p.link(header, "/", (24, 20, 120, 24));
    p.text(logo, "Field Notes");
    let nav = p.el(header, "nav", "menu", (400, 16, 640, 32), "block");
    let ul = p.el(nav, "ul", "", (400, 16, 640, 32), "flex");
    for (i, item) in ["Home", "Essays", "Guides", "Archive", "About", "Subscribe"].iter().enumerate() {
        let li = p.el(ul, "li", "menu-item", (400 + 100 * i as i32, 16, 96, 32), "list-item");
        let a = p.link(li, &format!("/{}/", item.to_ascii_lowercase()), (400 + 100 * i as i32, 20, 80, 24));
        p.text(a, item);
    }
    // The article.
    let main = p.el(body, "main", "", (COLUMN.0, 96, COLUMN.1, 2200), "block");
    let article = p.el(main, "article", "post", (COLUMN.0, 96, COLUMN.1, 2200), "block");
    let mut y = 96;
    let h1 = p.block(article, "h1", "entry-title", &mut y, 48, (36, 700, "43.2px"));
    p.text(h1, "How a reader mode finds the article");
    let byline = p.block(article, "p", "byline", &mut y, 24, (14, 400, "20px"));
    p.text(byline, "By Ada Writer, March 3, 2025");
    for (i, text) in PARAGRAPHS[..4].iter().enumerate() {
        if i == 3 {
            let h2 = p.block(article, "h2", "", &mut y, 36, (26, 700, "31.2px"));
            p.text(h2, "What content looks like");
        }
        let para = p.block(article, "p", "", &mut y, 116, BODY_FONT);
        if i == 1 {
            p.text(para, "As the ");
            let a = p.link(para, "/guides/reader-mode/", (0, 0, 0, 0));
            p.text(a, "guide to reader modes");
            p.text(para, " puts it: ");
            let em = p.inline(para, "em");
            p.text(em, "less page, more text. ");
        }
        p.text(para, text);
    }
    let list = p.block(article, "ul", "", &mut y, 120, BODY_FONT);
    for item in ["Plain sentences, few links.", "A wide column near the middle.", "Headings that lead into text.", "A date and an author near the title."] {
        let li = p.child_block(list, "li", y - 120, 28, BODY_FONT);
        p.text(li, item);
    }
    let quote = p.block(article, "blockquote", "", &mut y, 60, BODY_FONT);
    let qp = p.child_block(quote, "p", y - 60, 58, BODY_FONT);
    p.text(qp, "The best interface is the text itself, set well and left alone.");
    let pre = p.block(article, "pre", "", &mut y, 80, (15, 400, "20px"));
    let code = p.inline(pre, "code");
    p.attr(code, "class", "language-js");
    p.text(code, "const page = walk(document);\nconst article = extract(page);\nshow(article);");
    let table = p.block(article, "table", "data", &mut y, 120, BODY_FONT);
    let tbody = p.child_block(table, "tbody", y - 120, 120, BODY_FONT);
    for row in [["Signal", "Reads"], ["Text density", "line counts"], ["Link density", "link text"], ["Position", "boxes"]] {
        let tr = p.child_block(tbody, "tr", y - 120, 30, BODY_FONT);
        for cell in row {
            let td = p.child_block(tr, if row[0] == "Signal" { "th" } else { "td" }, y - 120, 30, BODY_FONT);
            p.text(td, cell);
        }
    }
    let figure = p.block(article, "figure", "", &mut y, 420, BODY_FONT);
    let img = p.el(figure, "img", "", (COLUMN.0, y - 420, COLUMN.1, 380), "inline");
    p.attr(img, "src", "/images/column.jpg");
    p.attr(img, "alt", "A column of text on a quiet page");
    let caption = p.child_block(figure, "figcaption", y - 40, 40, (14, 400, "20px"));
    p.text(caption, "A page with nothing but its text.");
    for text in &PARAGRAPHS[4..] {
        let para = p.block(article, "p", "", &mut y, 116, BODY_FONT);
        p.text(para, text);
    }
    // A sidebar, a share bar and a footer: what the decision leaves out.
    let aside = p.el(body, "aside", "sidebar related", (1000, 96, 260, 600), "block");
    let h3 = p.child_block(aside, "h3", 96, 30, (18, 700, "24px"));
    p.text(h3, "Related");
    let rl = p.child_block(aside, "ul", 130, 300, (15, 400, "20px"));
    for (i, item) in ["Setting type for screens", "Why menus repeat", "Reading aloud", "Tables that read well", "The quiet web"].iter().enumerate() {
        let li = p.child_block(rl, "li", 130 + 40 * i as i32, 40, (15, 400, "20px"));
        let a = p.link(li, &format!("/essays/{i}/"), (1000, 130 + 40 * i as i32, 240, 20));
        p.text(a, item);
    }
    let share = p.el(body, "div", "share-bar", (0, 840, VIEWPORT.0, 60), "flex");
    p.attr(share, "position", "fixed");
    for net in ["Share", "Post", "Email"] {
        let a = p.link(share, "#", (0, 850, 80, 40));
        p.text(a, net);
    }
    let footer = p.el(body, "footer", "site-footer", (0, 2400, VIEWPORT.0, 200), "block");
    let fp = p.child_block(footer, "p", 2420, 24, (14, 400, "20px"));
    p.text(fp, "Copyright 2025 Field Notes. All rights reserved. ");
    let privacy = p.link(fp, "/privacy/", (0, 0, 0, 0));
    p.text(privacy, "Privacy");
    p.finish()
}

/// The facts' nodes as JSON: each node's own fields, and its visual
/// facts (none for text), joined when the page is finished.
#[derive(Default)]
struct Builder {
    nodes: Vec<(String, String)>,
}

impl Builder {
    /// An element with a box; `display` as computed.
    fn el(&mut self, parent: i64, tag: &str, class: &str, (x, y, w, h): (i32, i32, i32, i32), display: &str) -> i64 {
        let mut own = format!("\"parent\":{parent},\"tag\":\"{tag}\"");
        if !class.is_empty() {
            let _ = write!(own, ",\"class\":\"{class}\"");
        }
        let mut visual = format!("\"x\":{x},\"y\":{y},\"w\":{w},\"h\":{h},\"display\":\"{display}\"");
        // The walkers read `position` of every box but an inline one.
        if display != "inline" {
            visual.push_str(",\"position\":\"static\"");
        }
        self.nodes.push((own, visual));
        self.nodes.len() as i64 - 1
    }

    /// A block in the article column at `y`, which moves down by `h`, with its font.
    fn block(&mut self, parent: i64, tag: &str, class: &str, y: &mut i32, h: i32, font: (u32, u32, &str)) -> i64 {
        let i = self.el(parent, tag, class, (COLUMN.0, *y, COLUMN.1, h), "block");
        *y += h + 16;
        self.font(i, font);
        i
    }

    /// A block inside another one, at `y`.
    fn child_block(&mut self, parent: i64, tag: &str, y: i32, h: i32, font: (u32, u32, &str)) -> i64 {
        let display = match tag {
            "li" => "list-item",
            "tr" => "table-row",
            "td" | "th" => "table-cell",
            "tbody" => "table-row-group",
            _ => "block",
        };
        let i = self.el(parent, tag, "", (COLUMN.0, y, COLUMN.1, h), display);
        self.font(i, font);
        i
    }

    /// A link with its address (inline, without a box, when `rect` has no width).
    fn link(&mut self, parent: i64, href: &str, rect: (i32, i32, i32, i32)) -> i64 {
        let display = if rect.2 > 0 { "block" } else { "inline" };
        let i = self.el(parent, "a", "", rect, display);
        self.attr(i, "href", href);
        self.font(i, (15, 400, "20px"));
        i
    }

    /// An inline element without a box of its own.
    fn inline(&mut self, parent: i64, tag: &str) -> i64 {
        let i = self.el(parent, tag, "", (0, 0, 0, 0), "inline");
        self.font(i, BODY_FONT);
        i
    }

    /// An attribute of node `i`, or its computed `position` (visual facts).
    fn attr(&mut self, i: i64, key: &str, value: &str) {
        let (own, visual) = &mut self.nodes[i as usize];
        if key == "position" {
            *visual = visual.replace("\"position\":\"static\"", &format!("\"position\":\"{value}\""));
        } else {
            let _ = write!(own, ",\"{key}\":\"{value}\"");
        }
    }

    /// Node `i`'s font, as the walkers read it from a text-holding element.
    fn font(&mut self, i: i64, (size, weight, line): (u32, u32, &str)) {
        let visual = &mut self.nodes[i as usize].1;
        let _ = write!(visual, ",\"fontSize\":\"{size}px\",\"fontWeight\":\"{weight}\",\"lineHeight\":\"{line}\"");
    }

    fn text(&mut self, parent: i64, text: &str) {
        let text = text.replace('\n', "\\n");
        self.nodes.push((format!("\"parent\":{parent},\"tag\":\"#text\",\"text\":\"{text}\""), String::new()));
    }

    fn finish(self) -> String {
        let meta = [
            ("og:title", "How a reader mode finds the article"),
            ("og:site_name", "Field Notes"),
            ("og:type", "article"),
            ("description", "What a reader mode measures to keep the article and leave the rest."),
            ("author", "Ada Writer"),
            ("article:published_time", "2025-03-03T09:00:00Z"),
            ("og:image", "https://pith.invalid/images/column.jpg"),
        ];
        let mut s = String::from(
            "{\"url\":\"https://pith.invalid/essays/reader-mode/\",\"title\":\"How a reader mode finds the article | Field Notes\",\"lang\":\"en\",\"dir\":\"\",\"meta\":[",
        );
        for (i, (k, v)) in meta.iter().enumerate() {
            let _ = write!(s, "{}{{\"key\":\"{k}\",\"content\":\"{v}\"}}", if i > 0 { "," } else { "" });
        }
        s.push_str("],\"jsonLd\":[\"{\\\"@context\\\":\\\"https://schema.org\\\",\\\"@type\\\":\\\"Article\\\",\\\"headline\\\":\\\"How a reader mode finds the article\\\",\\\"author\\\":{\\\"@type\\\":\\\"Person\\\",\\\"name\\\":\\\"Ada Writer\\\"},\\\"datePublished\\\":\\\"2025-03-03\\\"}\"]");
        let _ = write!(s, ",\"viewportWidth\":{},\"viewportHeight\":{},\"nodes\":[", VIEWPORT.0, VIEWPORT.1);
        for (i, (own, visual)) in self.nodes.iter().enumerate() {
            let sep = if i > 0 { "," } else { "" };
            if visual.is_empty() {
                let _ = write!(s, "{sep}{{{own}}}");
            } else {
                let _ = write!(s, "{sep}{{{own},\"visual\":{{{visual}}}}}");
            }
        }
        s.push_str("]}");
        s
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;
    use crate::extract::{extract, Options};
    use crate::model::{Page, PageFacts};

    fn run() -> crate::Extraction {
        let facts = PageFacts::from_json(&facts_json()).expect("the warm-up facts are valid JSON facts");
        let page = Page::from_facts(facts).expect("a page model");
        extract(&page, &Options { scores: false, ..Options::default() }).expect("an extraction")
    }

    #[test]
    fn prose_needs_no_escaping() {
        for p in PARAGRAPHS {
            assert!(!p.contains('"') && !p.contains('\\'), "{p}");
        }
    }

    /// The warm-up reaches what a real article reaches: the article is
    /// found, with every block kind, its metadata and its sentences, and
    /// the menu, sidebar, share bar and footer are left out.
    #[test]
    fn the_page_reaches_the_whole_core() {
        let out = run();
        assert!(out.text.contains("Reading on the web should be quiet."), "{}", out.text);
        assert!(out.text.contains("the text follows along"), "{}", out.text);
        for left_out in ["Subscribe", "Why menus repeat", "All rights reserved"] {
            assert!(!out.text.contains(left_out), "{left_out} kept: {}", out.text);
        }
        let json = serde_json::to_string(&out.blocks).unwrap();
        for kind in ["\"heading\"", "\"paragraph\"", "\"list\"", "\"quote\"", "\"code\"", "\"table\"", "\"figure\"", "\"link\"", "\"emphasis\""] {
            assert!(json.contains(kind), "no {kind} block or run: {json}");
        }
        assert!(json.contains("\"sentences\""), "no sentences: {json}");
        assert_eq!(out.byline.as_deref(), Some("Ada Writer"));
        assert_eq!(out.title, "How a reader mode finds the article");
        assert_eq!(out.page_type.kind, crate::page_type::PageKind::Article);
    }
}
