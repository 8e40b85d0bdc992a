//! Cue: what the page is made of. Counts of the elements that tell page
//! kinds apart — images and headings of cards, form controls of filters
//! and carts, `<time>` and `<article>` of posts, code of documentation —
//! written on the root row as `ln(1 + count)` for the page type classifier.
//! Hidden elements are counted too: filter panels and cart drawers are
//! often closed.

use crate::model::Tag;
use crate::papers::Context;
use crate::table::{ColumnSpec, ScoreTable};

/// What is counted, in column order.
const COUNTED: &[(&str, &str)] = &[
    ("census.images", "<img> and <picture> elements"),
    ("census.inputs", "<input> elements (search boxes, filters, quantities)"),
    ("census.checkboxes", "checkbox and radio inputs (filter facets, options)"),
    ("census.buttons", "<button> elements and role=button"),
    ("census.selects", "<select> elements (sort orders, sizes, variants)"),
    ("census.forms", "<form> elements"),
    ("census.articles", "<article> elements (cards, posts)"),
    ("census.times", "<time> elements (post dates)"),
    ("census.code", "<pre> elements (code blocks)"),
    ("census.tables", "<table> elements"),
    ("census.listItems", "<li> elements"),
    ("census.h1", "<h1> elements"),
    ("census.h2", "<h2> elements"),
    ("census.h3", "<h3>–<h6> elements"),
    ("census.headingLinks", "headings holding a link (card and post titles)"),
    ("census.links", "<a href> elements"),
    ("census.details", "<details> elements (accordions, FAQs)"),
    ("census.blockquotes", "<blockquote> elements (quoted posts)"),
    ("census.iframes", "<iframe>, <video> and <audio> elements"),
];

macro_rules! census_columns {
    ($($i:expr),*) => {
        [$(ColumnSpec {
            key: COUNTED[$i].0,
            signal: "census",
            label: COUNTED[$i].0,
            source: "page structure",
            description: COUNTED[$i].1,
        }),*]
    };
}

pub const COLUMNS: &[ColumnSpec] = &census_columns!(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18);

/// Writes [`COLUMNS`] on row 0 (natural log of 1 + count).
pub fn score(cx: &Context, table: &mut ScoreTable) {
    let page = cx.page;
    let c = table.add_all(COLUMNS);
    if page.nodes.is_empty() {
        return;
    }
    let mut counts = [0u32; COUNTED.len()];
    for id in 0..page.nodes.len() {
        let Some(e) = page.element(id) else { continue };
        let mut bump = |i: usize| counts[i] += 1;
        match e.tag {
            Tag::Img | Tag::Picture => bump(0),
            Tag::Input => {
                bump(1);
                // Checkbox/radio inputs usually carry a role or sit in a label;
                // the walk does not read `type`, so count inputs under labels.
                if page.nodes[id].parent().and_then(|p| page.tag(p)) == Some(Tag::Label) {
                    bump(2);
                }
            }
            Tag::Button => bump(3),
            Tag::Select => bump(4),
            Tag::Form => bump(5),
            Tag::Article => bump(6),
            Tag::Time => bump(7),
            Tag::Pre => bump(8),
            Tag::Table => bump(9),
            Tag::Li => bump(10),
            Tag::H1 => bump(11),
            Tag::H2 => bump(12),
            Tag::H3 | Tag::H4 | Tag::H5 | Tag::H6 => bump(13),
            Tag::A if e.href.is_some() => bump(15),
            Tag::Details => bump(16),
            Tag::Blockquote => bump(17),
            Tag::Iframe | Tag::Video | Tag::Audio => bump(18),
            _ => {}
        }
        if e.role().eq_ignore_ascii_case("button") && e.tag != Tag::Button {
            bump(3);
        }
        if e.role().eq_ignore_ascii_case("checkbox") || e.role().eq_ignore_ascii_case("radio") {
            bump(2);
        }
        if e.tag.heading_level().is_some() && page.subtree(id).any(|m| page.is_link(m)) {
            bump(14);
        }
    }
    for (i, &n) in counts.iter().enumerate() {
        table.set(c[i], 0, (n as f32).ln_1p());
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;

    #[test]
    fn counts_elements_on_the_root_row() {
        let (_page, _seg, t) = crate::cues::scored_html(
            "<html><body><h1>Shop</h1><h2><a href='/a'>Card</a></h2><h3>Sub</h3><h4>Sub</h4>\
             <article><img src='a.png'><time>2024</time></article>\
             <form><label><input type='checkbox'> Red</label><input name='q'>\
             <select><option>A</option></select><button>Go</button></form>\
             <div role='button'>Open</div><div role='radio'>B</div>\
             <ul><li>a</li><li>b</li></ul><a href='/b'>Link</a><a>No href</a>\
             <pre>code</pre><table><tr><td>1</td></tr></table>\
             <details><summary>Q</summary>A</details><blockquote>q</blockquote>\
             <iframe src='x'></iframe><video></video>\
             <div hidden><button>Close</button></div></body></html>",
            score,
        );
        let count = |key: &str| {
            let c = t.expect(key);
            assert!(!t.is_per_node(c), "{key} is a page column");
            t.get(c, 0).exp_m1().round() as u32
        };
        let expected = [
            ("census.images", 1),
            ("census.inputs", 2),
            // The input in a <label> and the role=radio div.
            ("census.checkboxes", 2),
            // <button>, role=button, and the hidden drawer's button.
            ("census.buttons", 3),
            ("census.selects", 1),
            ("census.forms", 1),
            ("census.articles", 1),
            ("census.times", 1),
            ("census.code", 1),
            ("census.tables", 1),
            ("census.listItems", 2),
            ("census.h1", 1),
            ("census.h2", 1),
            ("census.h3", 2),
            ("census.headingLinks", 1),
            // The <a> without href is not a link.
            ("census.links", 2),
            ("census.details", 1),
            ("census.blockquotes", 1),
            ("census.iframes", 2),
        ];
        assert_eq!(expected.len(), COLUMNS.len());
        for (key, n) in expected {
            assert_eq!(count(key), n, "{key}");
        }
        // Written as ln(1 + count).
        assert_eq!(t.get(t.expect("census.buttons"), 0), 3f32.ln_1p());
    }
}
