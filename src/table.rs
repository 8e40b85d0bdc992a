//! The score table: one row per node, one column per measure. Every signal
//! (one paper or one visual cue, see [`crate::papers`] and
//! [`crate::visual`]) writes its own columns; the page type and the
//! decision read them; the devtools panel shows this same table. A column
//! describes itself ([`ColumnSpec`]), so a signal added to the core appears
//! in every consumer without a change there.
//!
//! Values are `f32`; a node a column does not apply to holds NaN, which
//! serialises as `null`. Flags are 0 or 1. A column's per-node storage is
//! allocated on its first value below the root: page-level columns (the
//! root row only) cost one number, not one per node.

use serde::Serialize;

use crate::model::NodeId;

/// What a column holds, for people: the devtools panel shows these.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ColumnSpec {
    /// Unique key, `<signal>.<name>` (for example `punctuation.weight`).
    pub key: &'static str,
    /// The module that writes it.
    pub signal: &'static str,
    /// A short name, as the paper writes it where it has one.
    pub label: &'static str,
    /// Where it comes from: paper and section, or the measurement.
    pub source: &'static str,
    /// One sentence.
    pub description: &'static str,
}

/// A column's index in a [`ScoreTable`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Col(pub usize);

/// One column's values: the root's, and the other nodes' once any is set.
#[derive(Debug, Clone)]
struct Values {
    root: f32,
    nodes: Option<Vec<f32>>,
}

/// The per-node table: column-major `f32` values.
#[derive(Debug, Clone, Default)]
pub struct ScoreTable {
    rows: usize,
    specs: Vec<&'static ColumnSpec>,
    values: Vec<Values>,
}

impl ScoreTable {
    /// An empty table of `rows` rows (one per node of the page).
    pub fn new(rows: usize) -> ScoreTable {
        ScoreTable { rows, specs: Vec::new(), values: Vec::new() }
    }

    /// Number of rows.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// Adds a column (all NaN) and returns it; a key already present
    /// returns that column unchanged.
    pub fn add(&mut self, spec: &'static ColumnSpec) -> Col {
        if let Some(c) = self.col(spec.key) {
            return c;
        }
        self.specs.push(spec);
        self.values.push(Values { root: f32::NAN, nodes: None });
        Col(self.specs.len() - 1)
    }

    /// Adds every column of `specs`, in order.
    pub fn add_all(&mut self, specs: &'static [ColumnSpec]) -> Vec<Col> {
        specs.iter().map(|s| self.add(s)).collect()
    }

    /// The column with `key`.
    pub fn col(&self, key: &str) -> Option<Col> {
        self.specs.iter().position(|s| s.key == key).map(Col)
    }

    /// The column with `key`; panics when absent (a pipeline bug: a reader
    /// asked for a column no earlier signal writes).
    pub fn expect(&self, key: &str) -> Col {
        self.col(key).unwrap_or_else(|| panic!("score table: no column {key}"))
    }

    pub fn set(&mut self, col: Col, node: NodeId, value: f32) {
        let rows = self.rows;
        let v = &mut self.values[col.0];
        if node == 0 {
            v.root = value;
        } else {
            v.nodes.get_or_insert_with(|| vec![f32::NAN; rows])[node] = value;
        }
    }

    /// The value at `node`; NaN where the column does not apply.
    pub fn get(&self, col: Col, node: NodeId) -> f32 {
        let v = &self.values[col.0];
        if node == 0 {
            v.root
        } else {
            v.nodes.as_ref().map_or(f32::NAN, |n| n[node])
        }
    }

    /// The value at `node`, or `default` where the column does not apply.
    pub fn get_or(&self, col: Col, node: NodeId, default: f32) -> f32 {
        let v = self.get(col, node);
        if v.is_nan() {
            default
        } else {
            v
        }
    }

    /// Whether the column has values below the root (else it describes
    /// the page, on the root row only).
    pub fn is_per_node(&self, col: Col) -> bool {
        self.values[col.0].nodes.is_some()
    }

    /// The first node (in document order) whose value passes `pred`.
    pub fn find(&self, col: Col, pred: impl Fn(f32) -> bool) -> Option<NodeId> {
        let v = &self.values[col.0];
        if pred(v.root) {
            return Some(0);
        }
        v.nodes.as_ref()?.iter().skip(1).position(|&x| pred(x)).map(|i| i + 1)
    }

    pub fn specs(&self) -> &[&'static ColumnSpec] {
        &self.specs
    }

    /// Whether any column has a value at `node`.
    pub fn has_row(&self, node: NodeId) -> bool {
        (0..self.values.len()).any(|c| !self.get(Col(c), node).is_nan())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const A: ColumnSpec = ColumnSpec {
        key: "t.a",
        signal: "t",
        label: "a",
        source: "test",
        description: "a test column",
    };
    const SPECS: &[ColumnSpec] = &[A];

    #[test]
    fn columns_are_added_once_and_default_to_nan() {
        let mut t = ScoreTable::new(3);
        let a = t.add(&A);
        assert_eq!(t.add_all(SPECS), vec![a]);
        assert!(t.get(a, 1).is_nan());
        t.set(a, 1, 2.5);
        assert_eq!(t.get(a, 1), 2.5);
        assert_eq!(t.get_or(a, 0, -1.0), -1.0);
        assert!(t.has_row(1) && !t.has_row(2));
        assert_eq!(t.expect("t.a"), a);
        assert!(t.is_per_node(a));
        assert_eq!(t.find(a, |v| v > 2.0), Some(1));
        let mut page_level = ScoreTable::new(3);
        let b = page_level.add(&A);
        page_level.set(b, 0, 1.0);
        assert!(!page_level.is_per_node(b));
        assert_eq!((page_level.get(b, 0), page_level.get(b, 2).is_nan()), (1.0, true));
    }
}
