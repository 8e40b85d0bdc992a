//! The pipeline and its output. It flows one way:
//!
//! 1. the page model ([`Page`]) is cut into leaves ([`segment`]);
//! 2. every signal (one paper, [`crate::papers`], or one visual cue,
//!    [`crate::cues`]) writes its own columns of one per-node
//!    [`ScoreTable`];
//! 3. the page type ([`page_type`]) and the decision ([`decision`]) read
//!    only that table, and write their own columns and reasons into it;
//! 4. the article ([`article`]) is built from the decision and the page.
//!
//! The score table in the output is that same table.

use serde::{Deserialize, Serialize};

use crate::article::{self, Block};
use crate::cues;
use crate::decision::{self, Decision};
use crate::error::Result;
use crate::metadata::{self, Metadata};
use crate::model::{NodeId, NodeKind, Page};
use crate::page_type::{self, PageType};
use crate::papers::{self, Context};
use crate::papers::records::Record;
use crate::params::{self, Params};
use crate::segment;
use crate::table::{ColumnSpec, ScoreTable};
use crate::text;

/// Version of the [`Extraction`] format; bumped when a field changes meaning.
pub const FORMAT_VERSION: u32 = 4;

/// What the caller may ask for.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct Options {
    /// Include the per-node score table (the devtools panel and overlay
    /// need it; the reader view does not).
    pub scores: bool,
    /// A millisecond clock for the stage times in [`Extraction::stages`]
    /// (the wasm front-end passes `performance.now`). Without one, native
    /// builds use [`std::time::Instant`] and wasm builds report 0.
    #[serde(skip)]
    pub clock: Option<Clock>,
    /// Overrides of the tunable parameters ([`crate::params`]); none by
    /// default (the devtools panel's live tuning sets them).
    pub params: Params,
}

impl Default for Options {
    fn default() -> Self {
        Options { scores: true, clock: None, params: Params::DEFAULT }
    }
}

/// A clock: milliseconds from any fixed origin.
pub type Clock = fn() -> f64;

/// The clock used when the caller gives none.
fn default_clock() -> f64 {
    #[cfg(not(target_arch = "wasm32"))]
    {
        static START: std::sync::OnceLock<std::time::Instant> = std::sync::OnceLock::new();
        START.get_or_init(std::time::Instant::now).elapsed().as_secs_f64() * 1000.0
    }
    #[cfg(target_arch = "wasm32")]
    {
        0.0
    }
}

/// The time each stage of the pipeline took, in milliseconds (the
/// benchmark's stage table and the devtools panel read these).
#[derive(Debug, Clone, Copy, Default, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Stages {
    /// Front-end (wasm walk): reading the DOM's structure, text and
    /// attributes, boundary crossings included (0 where the front-end
    /// does not report it).
    pub walk_dom_ms: f64,
    /// Front-end (wasm walk): computed style, visibility, boxes, fonts.
    pub walk_style_ms: f64,
    /// Front-end: the facts turned into the page model (JSON decoding
    /// included on the facts path).
    pub model_ms: f64,
    /// Cutting the page into leaves ([`segment`]).
    pub segment_ms: f64,
    /// Every signal's columns ([`run_signals`]).
    pub signals_ms: f64,
    /// The page type.
    pub page_type_ms: f64,
    /// The decision.
    pub decision_ms: f64,
    /// Metadata, the article's blocks, keywords and records.
    pub article_ms: f64,
    /// The score table turned into rows (0 unless asked for).
    pub scores_ms: f64,
}

/// An extracted article and how it was chosen.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Extraction {
    pub version: u32,
    pub url: String,
    pub title: String,
    /// The title without the site's name, as the reader shows it
    /// ([`crate::metadata::headline`]).
    pub headline: String,
    pub byline: Option<String>,
    pub lang: Option<String>,
    pub dir: Option<String>,
    pub site_name: Option<String>,
    pub published_time: Option<String>,
    pub excerpt: Option<String>,
    pub lead_image: Option<String>,
    pub keywords: Vec<String>,
    /// Whether the page holds content worth a reader view…
    pub readerable: bool,
    /// …and why (or why not), in a few words.
    pub readerable_reason: String,
    /// What the reader shows: the article, the page's content without
    /// long running text, or a notice ([`decision::shows`]).
    pub shows: decision::Shows,
    /// What kind of page this is, with the classifier's confidence.
    pub page_type: PageType,
    /// The method that made the decision.
    pub method: &'static str,
    /// The node that holds the content (the lowest common ancestor of the
    /// kept blocks).
    pub root: Option<NodeId>,
    /// The main text: the blocks' lines joined by newlines
    /// ([`article::text_of`]), without the headline and byline.
    pub text: String,
    pub word_count: usize,
    /// The article: typed blocks with inline runs ([`article::Block`]).
    pub blocks: Vec<Block>,
    /// Attribute–value pairs of a product (or other structured) page.
    pub records: Vec<Record>,
    /// The per-node score table; absent unless asked for.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub scores: Option<Scores>,
    pub stats: Stats,
    /// Frames on the page the walk could not read (cross-origin), by
    /// address: content there is not in this extraction.
    pub frames_skipped: Vec<String>,
    /// How long each stage of the core took.
    pub stages: Stages,
}

/// The score table as consumers see it: its columns described, then one
/// row per scored node (elements and anonymous leaves). Columns that
/// describe the page as a whole (they have a value on the root row only:
/// the page's declared types, its element counts, the page type's
/// probabilities) are listed once in `page` instead.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Scores {
    pub columns: Vec<ColumnSpec>,
    pub rows: Vec<ScoreRow>,
    pub page: Vec<PageValue>,
}

/// A page-level column and its value.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PageValue {
    pub column: ColumnSpec,
    pub value: Option<f32>,
}

/// One node's row: every column's value (null where it does not apply),
/// and the decision's verdict with a short reason.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ScoreRow {
    pub node: NodeId,
    pub parent: Option<NodeId>,
    pub tag: String,
    pub values: Vec<Option<f32>>,
    /// Whether the node's text is part of the content.
    pub content: bool,
    /// Why (empty for nodes the decision does not judge on their own).
    #[serde(skip_serializing_if = "String::is_empty")]
    pub reason: String,
}

/// Sizes of the input, for the devtools panel and benchmarks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Stats {
    pub nodes: usize,
    pub elements: usize,
    pub leaves: usize,
    pub visual: bool,
}

/// Runs every signal, in pipeline order, over `cx` into `table`. Returns
/// the page's terms (seed 003's analysis), which the article's keywords
/// reuse.
pub fn run_signals(cx: &Context, table: &mut ScoreTable) -> papers::keywords::PageTerms {
    cues::score(cx, table);
    papers::dom_weight::score(cx, table);
    table.compact();
    papers::text_stats::score(cx, table);
    table.compact();
    papers::punctuation::score(cx, table);
    table.compact();
    papers::density::score(cx, table);
    table.compact();
    let mut terms = papers::keywords::score(cx, table);
    papers::vsse::score(cx, table, &mut terms);
    table.compact();
    papers::records::score(cx, table);
    table.compact();
    terms
}

/// The learned parts of the decision (the shipped ones by default; the lab
/// passes the ones it is evaluating).
#[derive(Debug, Clone, Copy)]
pub struct Models<'a> {
    pub vocabulary: &'a [i8],
    /// The names cue's weights ([`cues::names`]).
    pub names: &'a [i8],
    /// Per page type, the page-words cue's weights ([`cues::words`]).
    pub page_words: &'a [i8],
    pub page_type: &'a [decision::forest::Forest; 7],
    pub leaf: decision::LeafModel<'a>,
}

impl Default for Models<'static> {
    fn default() -> Self {
        Models {
            vocabulary: &decision::model::VOCABULARY,
            names: &decision::model::NAMES,
            page_words: &decision::model::PAGE_WORDS,
            page_type: &decision::model::PAGE_TYPE_FORESTS,
            leaf: decision::LeafModel::shipped(),
        }
    }
}

/// An empty score table for `page`, its columns stored compactly over the
/// leaves, then over the elements and leaves (see [`ScoreTable::with_spaces`]):
/// most signals score leaves only, and some every element.
pub fn table_for(page: &Page, seg: &segment::Segmentation) -> ScoreTable {
    let leaves: Vec<NodeId> = seg.leaves.iter().map(|l| l.id).collect();
    let mut scored = leaves.clone();
    scored.extend((0..page.nodes.len()).filter(|&id| page.element(id).is_some()));
    ScoreTable::with_spaces(page.nodes.len(), vec![leaves, scored])
}

/// The pipeline up to the decision: the segmentation, the score table
/// with every signal's columns, and the page type (for training and
/// inspection).
pub fn analyse(page: &Page, models: &Models) -> (segment::Segmentation, ScoreTable, PageType) {
    let seg = segment::segment(page);
    let cx = Context {
        page,
        seg: &seg,
        vocabulary: models.vocabulary,
        names: models.names,
        page_words: models.page_words,
        params: &Params::DEFAULT,
    };
    let mut table = table_for(page, &seg);
    run_signals(&cx, &mut table);
    let page_type = page_type::classify_with(&cx, &mut table, models.page_type);
    (seg, table, page_type)
}

/// Extracts the content of `page`.
pub fn extract(page: &Page, options: &Options) -> Result<Extraction> {
    extract_with(page, options, &Models::default())
}

/// Extracts the content of `page` with the given models.
pub fn extract_with(page: &Page, options: &Options, models: &Models) -> Result<Extraction> {
    let clock = options.clock.unwrap_or(default_clock);
    let mut stages = Stages::default();
    let mut lap = {
        let mut last = clock();
        move || {
            let now = clock();
            let d = now - last;
            last = now;
            d
        }
    };
    let seg = segment::segment(page);
    stages.segment_ms = lap();
    let cx = Context {
        page,
        seg: &seg,
        vocabulary: models.vocabulary,
        names: models.names,
        page_words: models.page_words,
        params: &options.params,
    };
    let mut table = table_for(page, &seg);
    let terms = run_signals(&cx, &mut table);
    stages.signals_ms = lap();
    let page_type = page_type::classify_with(&cx, &mut table, models.page_type);
    stages.page_type_ms = lap();
    // The decision's cut: the model's own unless the caller tuned it.
    let mut leaf = models.leaf;
    if let Some(t) = options.params.overridden(params::CUT_THRESHOLD) {
        leaf.cut.threshold = t as f32;
    }
    if let Some(f) = options.params.overridden(params::CUT_FLOOR) {
        leaf.cut.floor = f as f32;
    }
    let decision = decision::decide_with(&cx, &mut table, &page_type, &leaf);
    stages.decision_ms = lap();
    let meta: Metadata = metadata::read(page, decision.root);
    // A product page's specifications: the attribute–value pairs of its
    // records area (seed 004 §4.3.2); the article marks those it shows.
    let mut records = match (page_type.kind, crate::papers::records::area(&table)) {
        (page_type::PageKind::Product, Some(area)) => crate::papers::records::pairs(&cx, area),
        _ => Vec::new(),
    };
    let built = article::build(&cx, &decision, &meta, page_type.kind, &mut records);

    let text = article::text_of(&built.blocks);
    let dir = decision
        .root
        .and_then(|r| page.closest(r, |e| !e.dir().trim().is_empty()))
        .and_then(|id| page.element(id))
        .map(|e| e.dir().trim().to_string())
        .or_else(|| Some(page.dir.trim().to_string()).filter(|d| !d.is_empty()));
    let keywords = if meta.keywords.is_empty() {
        // meta.lang is the page's lang, which the page's terms were analysed in.
        papers::keywords::article_keywords_known(&text, meta.lang.as_deref(), Some(&terms))
    } else {
        meta.keywords.clone()
    };
    let word_count = text::word_count(&text);
    // The records the article does not show add their words (those it
    // shows are in `text`).
    let record_words: usize = records
        .iter()
        .filter(|r| !r.in_article)
        .map(|r| text::word_count(&r.name) + text::word_count(&r.value))
        .sum();
    let shows = decision::shows(decision.readerable, word_count + record_words);
    stages.article_ms = lap();
    let scores = options.scores.then(|| scores_out(page, &seg, &table, &decision));
    stages.scores_ms = lap();
    Ok(Extraction {
        version: FORMAT_VERSION,
        url: page.url.clone(),
        title: meta.title,
        headline: meta.headline,
        byline: meta.byline.or_else(|| article::first_post_author(&built.blocks)),
        lang: meta.lang,
        dir,
        site_name: meta.site_name,
        published_time: meta.published_time,
        excerpt: meta.excerpt.or_else(|| {
            built.blocks.iter().find_map(|b| match b {
                Block::Paragraph { text, .. } => Some(text.clone()),
                _ => None,
            })
        }),
        lead_image: meta.lead_image,
        keywords,
        readerable: decision.readerable,
        readerable_reason: decision.readerable_reason.clone(),
        shows,
        page_type,
        method: decision::METHOD,
        root: decision.root,
        word_count,
        text,
        blocks: built.blocks,
        records,
        scores,
        stats: Stats {
            nodes: page.nodes.len(),
            elements: page.element_count(),
            leaves: seg.leaves.len(),
            visual: page.viewport.is_some(),
        },
        frames_skipped: page.frames_skipped.clone(),
        stages,
    })
}

/// The table as rows: every element, and every anonymous leaf.
fn scores_out(page: &Page, seg: &segment::Segmentation, table: &ScoreTable, decision: &Decision) -> Scores {
    use crate::table::Col;
    let (node_cols, page_cols): (Vec<usize>, Vec<usize>) =
        (0..table.specs().len()).partition(|&c| table.is_per_node(Col(c)));
    let columns: Vec<ColumnSpec> = node_cols.iter().map(|&c| *table.specs()[c]).collect();
    let page_values = page_cols
        .iter()
        .map(|&c| {
            let v = table.get(Col(c), 0);
            PageValue { column: *table.specs()[c], value: (!v.is_nan()).then_some(v) }
        })
        .collect();
    let mut rows = Vec::new();
    for id in 0..page.nodes.len() {
        let tag = match page.kind(id) {
            NodeKind::Element(e) => e.name().to_string(),
            NodeKind::Text(_) if seg.leaf_of(id).is_some_and(|l| seg.leaves[l as usize].id == id) => {
                crate::model::TEXT_NODE_TAG.to_string()
            }
            NodeKind::Text(_) => continue,
        };
        let values = node_cols
            .iter()
            .map(|&c| {
                let v = table.get(Col(c), id);
                (!v.is_nan()).then_some(v)
            })
            .collect();
        rows.push(ScoreRow {
            node: id,
            parent: page.nodes[id].parent(),
            tag,
            values,
            content: decision.content[id],
            reason: decision.reason(seg, id).to_string(),
        });
    }
    Scores { columns, rows, page: page_values }
}
