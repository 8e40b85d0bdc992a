//! The tunable parameters of the papers and of the decision, described by
//! the core itself ([`PARAMS`]): the devtools panel turns each into a
//! control, so a parameter added here appears there with no change to the
//! panel. [`Params`] carries a caller's overrides (in
//! [`crate::extract::Options`]); a parameter not overridden reads its
//! default, which is the constant the module used before (so the output is
//! unchanged unless asked).

use serde::{Deserialize, Serialize};

use crate::papers::{punctuation, vsse};

/// One parameter, for people and for controls.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ParamSpec {
    /// Unique key, `<signal>.<name>` (as in the options object's `params`).
    pub key: &'static str,
    /// As the paper writes it (ε, θ, T1, T2), or a short name.
    pub name: &'static str,
    pub min: f64,
    pub max: f64,
    pub step: f64,
    pub default: f64,
    /// Paper and section, or the module that defines it.
    pub source: &'static str,
    /// One sentence.
    pub description: &'static str,
}

/// Index of ε in [`PARAMS`] (and in [`Params`]).
pub const EPSILON: usize = 0;
/// Index of θ.
pub const THETA: usize = 1;
/// Index of T1.
pub const T1: usize = 2;
/// Index of T2.
pub const T2: usize = 3;
/// Index of the decision's threshold (its default is the shipped model's
/// `LEAF_CUT`, checked by a test; a parameter not overridden reads the
/// model's own cut, see `extract_with`).
pub const CUT_THRESHOLD: usize = 4;
/// Index of the decision's floor.
pub const CUT_FLOOR: usize = 5;

/// Every tunable parameter. The order is the index the constants above
/// name.
pub const PARAMS: &[ParamSpec] = &[
    ParamSpec {
        key: "punctuation.epsilon",
        name: "ε",
        min: 0.5,
        max: 0.99,
        step: 0.01,
        default: punctuation::EPSILON,
        source: "seed 002 §II.C, Definition 1",
        description: "Two leaves are similar when the cosine of their punctuation vectors exceeds ε. \
                      (Beyond 2,048 distinct directions a bucket approximation assumes ε < 0.86.)",
    },
    ParamSpec {
        key: "punctuation.theta",
        name: "θ",
        min: -6.0,
        max: 0.0,
        step: 0.1,
        default: punctuation::THETA,
        source: "seed 002 §II.C, Definition 2",
        description: "A leaf is the paper's text when its weight log(1 / (N + 1)) exceeds θ.",
    },
    ParamSpec {
        key: "vsse.t1",
        name: "T1",
        min: 0.0,
        max: 1.0,
        step: 0.05,
        default: vsse::T1,
        source: "seed 004 §4.2, §5.2",
        description: "A leaf is a seed of the content area when vvtc / MaxVVTC ≥ T1.",
    },
    ParamSpec {
        key: "vsse.t2",
        name: "T2",
        min: 0.0,
        max: 64.0,
        step: 1.0,
        default: vsse::T2 as f64,
        source: "seed 004 §4.4, §5.2",
        description: "A leaf is relevant when the Hamming distance of its SimHash to the title + description's is at most T2.",
    },
    ParamSpec {
        key: "decision.threshold",
        name: "threshold",
        min: 0.0,
        max: 1.0,
        step: 0.01,
        default: 0.5,
        source: "Pith decision (src/decision/mod.rs, Cut)",
        description: "A leaf whose probability reaches this is always content (the page's cut is at most this).",
    },
    ParamSpec {
        key: "decision.floor",
        name: "floor",
        min: 0.0,
        max: 1.0,
        step: 0.01,
        default: 0.3,
        source: "Pith decision (src/decision/mod.rs, Cut)",
        description: "No leaf below this probability is content (the page's cut is at least this).",
    },
];

/// Number of parameters.
pub const COUNT: usize = 6;
const _: () = assert!(PARAMS.len() == COUNT);

/// A caller's overrides, by index into [`PARAMS`]; `None` reads the default.
#[derive(Debug, Clone, Copy, PartialEq, Default, Serialize, Deserialize)]
pub struct Params {
    values: [Option<f64>; COUNT],
}

impl Params {
    /// No overrides.
    pub const DEFAULT: Params = Params { values: [None; COUNT] };

    /// The value of parameter `i`: its override, else its default.
    pub fn get(&self, i: usize) -> f64 {
        self.values[i].unwrap_or(PARAMS[i].default)
    }

    /// The override of parameter `i`, if any.
    pub fn overridden(&self, i: usize) -> Option<f64> {
        self.values[i]
    }

    /// Overrides the parameter `key` with `value`; an unknown key or a value
    /// out of its range is an error (the message says which).
    pub fn set(&mut self, key: &str, value: f64) -> Result<(), String> {
        let i = PARAMS.iter().position(|p| p.key == key).ok_or_else(|| format!("unknown parameter {key}"))?;
        let p = &PARAMS[i];
        if !(value >= p.min && value <= p.max) {
            return Err(format!("parameter {key} out of its range"));
        }
        self.values[i] = Some(value);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_are_the_modules_constants_and_in_range() {
        let p = Params::default();
        assert_eq!(p.get(EPSILON), punctuation::EPSILON);
        assert_eq!(p.get(THETA), punctuation::THETA);
        assert_eq!(p.get(T1), vsse::T1);
        assert_eq!(p.get(T2), 3.0);
        assert_eq!(PARAMS[CUT_THRESHOLD].key, "decision.threshold");
        assert_eq!(PARAMS[CUT_FLOOR].key, "decision.floor");
        // The decision's defaults are the shipped model's cut (written as
        // decimals here: the model's f32 would show as 0.10000000149…).
        assert_eq!(PARAMS[CUT_THRESHOLD].default as f32, crate::decision::model::LEAF_CUT.threshold);
        assert_eq!(PARAMS[CUT_FLOOR].default as f32, crate::decision::model::LEAF_CUT.floor);
        for s in PARAMS {
            assert!(s.min <= s.default && s.default <= s.max, "{} default out of range", s.key);
            assert!(s.step > 0.0);
        }
        let keys: std::collections::HashSet<_> = PARAMS.iter().map(|s| s.key).collect();
        assert_eq!(keys.len(), COUNT);
    }

    #[test]
    fn overrides_are_checked() {
        let mut p = Params::default();
        assert!(p.set("punctuation.epsilon", 0.7).is_ok());
        assert_eq!(p.get(EPSILON), 0.7);
        assert_eq!(p.overridden(THETA), None);
        assert!(p.set("punctuation.epsilon", 2.0).is_err());
        assert!(p.set("punctuation.epsilon", f64::NAN).is_err());
        assert!(p.set("nope", 0.0).is_err());
    }

    #[cfg(not(target_arch = "wasm32"))]
    fn sample() -> crate::Page {
        let html = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/www/samples/article.html")).unwrap();
        crate::html::parse_document(&html, "https://example.test/a").unwrap()
    }

    #[cfg(not(target_arch = "wasm32"))]
    #[test]
    fn defaults_set_explicitly_change_nothing() {
        use crate::extract::{extract, Options};
        let page = sample();
        // Stage times differ from run to run: compare the rest.
        let run = |o: &Options| crate::Extraction { stages: Default::default(), ..extract(&page, o).unwrap() };
        let plain = run(&Options::default());
        let mut o = Options::default();
        for s in PARAMS {
            o.params.set(s.key, s.default).unwrap();
        }
        assert_eq!(run(&o), plain);
    }

    #[cfg(not(target_arch = "wasm32"))]
    #[test]
    fn overrides_reach_the_modules_and_the_decision() {
        use crate::extract::{extract, Options};
        let page = sample();
        let plain = extract(&page, &Options::default()).unwrap();
        assert!(!plain.text.is_empty());
        let col = |ex: &crate::Extraction, key: &str| {
            let s = ex.scores.as_ref().unwrap();
            let c = s.columns.iter().position(|c| c.key == key).unwrap();
            s.rows.iter().map(|r| r.values[c]).collect::<Vec<_>>()
        };
        // ε: fewer leaves are similar at a higher ε.
        let mut o = Options::default();
        o.params.set("punctuation.epsilon", 0.99).unwrap();
        let strict = extract(&page, &o).unwrap();
        assert_ne!(col(&strict, "punctuation.similar"), col(&plain, "punctuation.similar"));
        // θ = 0: no leaf's weight log(1 / (N + 1)) ≤ 0 exceeds it.
        let mut o = Options::default();
        o.params.set("punctuation.theta", 0.0).unwrap();
        let none = extract(&page, &o).unwrap();
        assert!(col(&none, "punctuation.kept").iter().flatten().all(|&k| k == 0.0));
        // T1 = 0: every visible leaf with text is a seed.
        let mut o = Options::default();
        o.params.set("vsse.t1", 0.0).unwrap();
        let seeds = |ex: &crate::Extraction| col(ex, "vsse.seed").iter().flatten().filter(|&&v| v == 1.0).count();
        assert!(seeds(&extract(&page, &o).unwrap()) > seeds(&plain));
        // T2 = 64: every leaf with terms is relevant.
        let mut o = Options::default();
        o.params.set("vsse.t2", 64.0).unwrap();
        let relevant = |ex: &crate::Extraction| col(ex, "vsse.relevant").iter().flatten().filter(|&&v| v == 1.0).count();
        assert!(relevant(&extract(&page, &o).unwrap()) > relevant(&plain));
        // The decision's floor and threshold at 1: no leaf is content.
        let mut o = Options::default();
        o.params.set("decision.floor", 1.0).unwrap();
        o.params.set("decision.threshold", 1.0).unwrap();
        let empty = extract(&page, &o).unwrap();
        assert!(col(&empty, "decision.content").iter().flatten().all(|&k| k == 0.0));
        assert!(empty.text.len() < plain.text.len());
    }
}
