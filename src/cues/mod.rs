//! Visual cues only a browser has, one module per cue (and [`markup`], what
//! the HTML itself says a node is). Each is a signal like
//! the papers' (see [`crate::papers`]): it writes its own columns of the
//! score table. Every cue must help where the page's styles are known and
//! never hurt where they are not: parsed HTML has no visual facts (the cues
//! that need them write nothing), and saved pages rendered without their
//! stylesheets have few (the cues then see one column of default type).

pub mod cards;
pub mod census;
pub mod layers;
pub mod layout;
pub mod markup;
pub mod names;
pub mod readerable;
pub mod schema;
pub mod shape;
pub mod typography;
pub mod visibility;
pub mod vocabulary;
pub mod words;

use crate::papers::Context;
use crate::table::ScoreTable;

/// Every cue, in the order the pipeline runs them.
pub const CUES: &[fn(&Context, &mut ScoreTable)] = &[
    schema::score,
    census::score,
    markup::score,
    shape::score,
    cards::score,
    visibility::score,
    layers::score,
    typography::score,
    layout::score,
    readerable::score,
    vocabulary::score,
    names::score,
    words::score,
];

/// Runs every cue, the table compacted after each ([`ScoreTable::compact`]).
pub fn score(cx: &Context, table: &mut ScoreTable) {
    for cue in CUES {
        cue(cx, table);
        table.compact();
    }
}

/// Test support: `html` parsed, segmented and scored by one signal.
#[cfg(test)]
pub(crate) fn scored_html(
    html: &str,
    score: fn(&Context, &mut ScoreTable),
) -> (crate::model::Page, crate::segment::Segmentation, ScoreTable) {
    let page = crate::html::parse_document(html, "u").unwrap();
    let seg = crate::segment::segment(&page);
    let mut t = ScoreTable::new(page.nodes.len());
    score(&Context::new(&page, &seg), &mut t);
    (page, seg, t)
}
