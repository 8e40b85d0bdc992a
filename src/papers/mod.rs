//! One module per research paper (the seeds in `../shared/seeds/`). Each
//! module holds its paper's formulas as plain functions, its constants with
//! the section they come from, and the paper's worked examples as unit
//! tests. Where Pith departs from a paper, the constant or function says so
//! and why.
//!
//! | module | paper |
//! |---|---|
//! | [`dom_weight`] | seed 000: Wang & Liu, "An Approach of Information Extraction Based on Dom Tree and Weight Value" |
//!
//! The other four seeds (text deviation and link density; punctuation
//! vectors; rendered text density; vvtc and tag paths) arrive with the
//! composite decision, each as its own module here.

pub mod dom_weight;
