//! One module per research paper (the seeds in `../shared/seeds/`). Each
//! module holds its paper's formulas as plain functions, its constants with
//! the section they come from, and the paper's worked examples as unit
//! tests. Where Pith departs from a paper, the constant or function says so
//! and why.
//!
//! Every module is also a *signal*: `COLUMNS` lists what it writes into the
//! score table ([`crate::table`]) and `score(cx, table)` writes them, for
//! every node it applies to. Signals read the page, its segmentation and
//! the columns of signals that ran before them; nothing else.
//!
//! | module | paper |
//! |---|---|
//! | [`dom_weight`] | seed 000: Wang & Liu, "An Approach of Information Extraction Based on Dom Tree and Weight Value" |
//! | [`text_stats`] | seed 001: Gaikwad & Sundar, "Optimized Content Extraction from web pages using Composite Approaches" (statistical features, formatting similarity) |
//! | [`punctuation`] | seed 002: Wang Nan & Xiao Chun, "A Method Based on Statistics for Extracting Text from Web Pages" |
//! | [`density`] | seed 003: Sarada Devi et al., "Content Extraction Model Using DOM and NLP" (§2.2, text and hyperlink density) |
//! | [`keywords`] | seed 003 (§2.3–2.4, tokenisation, stop words, stemming, term frequency) |
//! | [`vsse`] | seed 004: Zhang et al., "Exploiting Multi-Category Characteristics and Unified Framework to Extract Web Content" (§4.2–4.4) |
//! | [`records`] | seed 004 (§4.3.2, structured records: WVC and Viterbi) |
//!
//! Seed 001's content-type identification is [`crate::page_type`]; its
//! collective decision is [`crate::decision`].

use crate::model::Page;
use crate::segment::Segmentation;

pub mod density;
pub mod dom_weight;
pub mod keywords;
pub mod punctuation;
pub mod records;
pub mod text_stats;
pub mod vsse;

/// What every signal reads.
#[derive(Clone, Copy)]
pub struct Context<'a> {
    pub page: &'a Page,
    pub seg: &'a Segmentation,
    /// The learned weights of the vocabulary cue
    /// ([`crate::cues::vocabulary`]).
    pub vocabulary: &'a [i8],
    /// The learned weights of the names cue ([`crate::cues::names`]).
    pub names: &'a [i8],
    /// The learned weights of the page-words cue
    /// ([`crate::cues::words`]).
    pub page_words: &'a [i8],
    /// The tunable parameters ([`crate::params`]): defaults unless the
    /// caller overrode some.
    pub params: &'a crate::params::Params,
}

impl<'a> Context<'a> {
    /// A context with the shipped learned weights.
    pub fn new(page: &'a Page, seg: &'a Segmentation) -> Context<'a> {
        Context {
            page,
            seg,
            vocabulary: &crate::decision::model::VOCABULARY,
            names: &crate::decision::model::NAMES,
            page_words: &crate::decision::model::PAGE_WORDS,
            params: &crate::params::Params::DEFAULT,
        }
    }
}
