//! The score table: one row per node, one column per measure. Every signal
//! (one paper or one visual cue, see [`crate::papers`] and
//! [`crate::visual`]) writes its own columns; the page type and the
//! decision read them; the devtools panel shows this same table. A column
//! describes itself ([`ColumnSpec`]), so a signal added to the core appears
//! in every consumer without a change there.
//!
//! Values are `f32`; a node a column does not apply to holds NaN, which
//! serialises as `null`. Flags are 0 or 1.

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

/// The per-node table: column-major `f32` values.
#[derive(Debug, Clone, Default)]
pub struct ScoreTable {
    rows: usize,
    specs: Vec<&'static ColumnSpec>,
    values: Vec<Vec<f32>>,
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
        self.values.push(vec![f32::NAN; self.rows]);
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
        self.values[col.0][node] = value;
    }

    /// The value at `node`; NaN where the column does not apply.
    pub fn get(&self, col: Col, node: NodeId) -> f32 {
        self.values[col.0][node]
    }

    /// The value at `node`, or `default` where the column does not apply.
    pub fn get_or(&self, col: Col, node: NodeId, default: f32) -> f32 {
        let v = self.values[col.0][node];
        if v.is_nan() {
            default
        } else {
            v
        }
    }

    /// A whole column.
    pub fn column(&self, col: Col) -> &[f32] {
        &self.values[col.0]
    }

    pub fn column_mut(&mut self, col: Col) -> &mut [f32] {
        &mut self.values[col.0]
    }

    pub fn specs(&self) -> &[&'static ColumnSpec] {
        &self.specs
    }

    /// Whether any column has a value at `node`.
    pub fn has_row(&self, node: NodeId) -> bool {
        self.values.iter().any(|c| !c[node].is_nan())
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
    }
}
