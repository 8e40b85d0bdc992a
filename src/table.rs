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
//! root row only) cost one number, not one per node, and a column of
//! leaves only one per leaf ([`ScoreTable::with_spaces`]). On a large page
//! a column that mostly holds one value keeps it once, and the others
//! apart ([`ScoreTable::compact`]).

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

/// No slot: the node is outside a [`Space`].
const NO_SLOT: u32 = u32::MAX;

/// A subset of the nodes with slots of their own, in document order: a
/// column whose values all fall in it stores one number per member, not
/// one per node. On the 200,000-element page of `tests/eval/large-page.mjs`
/// (297,709 nodes, `pith-lab signals`, 2026-11-25) 40 of the 76 per-node
/// columns hold values at the 97,781 leaves only, and 35 more at elements
/// and leaves (199,928 nodes): the peak heap of extracting it went from
/// 259 to 218 MiB, and the core's time over wcxb-dev did not grow
/// (`pith-lab profile`).
#[derive(Debug, Clone, Default)]
struct Space {
    /// Per node: its slot, or [`NO_SLOT`].
    slot: Vec<u32>,
    /// Per slot: its node.
    node: Vec<u32>,
}

impl Space {
    fn of(rows: usize, members: impl Iterator<Item = NodeId>) -> Space {
        let mut slot = vec![NO_SLOT; rows];
        for id in members {
            if let Some(s) = slot.get_mut(id) {
                *s = 0;
            }
        }
        let mut node = Vec::new();
        for (id, s) in slot.iter_mut().enumerate() {
            if *s == 0 {
                *s = node.len() as u32;
                node.push(id as u32);
            }
        }
        // Held through the extraction: without the room pushing left.
        node.shrink_to_fit();
        Space { slot, node }
    }
}

/// A byte cell's NaN.
const BYTE_NAN: u8 = u8::MAX;

/// `v` as a byte cell, where one holds it exactly: NaN, or a whole number
/// from 0 to 254 (not −0).
#[inline]
fn byte_of(v: f32) -> Option<u8> {
    if v.is_nan() {
        return Some(BYTE_NAN);
    }
    let b = v as u8;
    (b < BYTE_NAN && f32::from(b).to_bits() == v.to_bits()).then_some(b)
}

/// One column's stored values: a byte each while every value written is
/// NaN or a whole number from 0 to 254 (the markup cue's distances, the
/// flags and kinds most signals write), else `f32`, which the column
/// becomes on its first other value. Reads give the same `f32` either
/// way. On the generated 1,000,000-element page the extraction's peak
/// went from 848 to 744 MiB natively (`pith-lab signals`) and the wasm's
/// from 775 to 649 MiB (`bench.mjs --growth`), the core's time over
/// wcxb-dev unchanged in wasm and 2 % longer natively (2026-11-26,
/// `tests/eval/SPEED.md`).
#[derive(Debug, Clone)]
enum Cells {
    Bytes(Vec<u8>),
    Floats(Vec<f32>),
}

impl Cells {
    /// `len` cells, all NaN: bytes, or `f32` where `floats` (a column
    /// already of floats, or about to take a value no byte holds, starts
    /// as one rather than being turned into one at once).
    fn nan(len: usize, floats: bool) -> Cells {
        if floats {
            Cells::Floats(vec![f32::NAN; len])
        } else {
            Cells::Bytes(vec![BYTE_NAN; len])
        }
    }

    fn len(&self) -> usize {
        match self {
            Cells::Bytes(b) => b.len(),
            Cells::Floats(f) => f.len(),
        }
    }

    #[inline]
    fn get(&self, i: usize) -> f32 {
        match self {
            Cells::Bytes(b) => match b[i] {
                BYTE_NAN => f32::NAN,
                x => f32::from(x),
            },
            Cells::Floats(f) => f[i],
        }
    }

    #[inline]
    fn set(&mut self, i: usize, v: f32) {
        if !self.try_set(i, v) {
            self.widen_and_set(i, v);
        }
    }

    /// Byte cells become `f32` cells, then cell `i` takes `v`: once a
    /// column at most, so out of the writes' way.
    #[cold]
    #[inline(never)]
    fn widen_and_set(&mut self, i: usize, v: f32) {
        let mut f: Vec<f32> = (0..self.len()).map(|j| self.get(j)).collect();
        f[i] = v;
        *self = Cells::Floats(f);
    }

    /// [`Cells::set`] where the cells hold `v` as they are; false (nothing
    /// written) where byte cells would have to become `f32`.
    #[inline]
    fn try_set(&mut self, i: usize, v: f32) -> bool {
        match self {
            Cells::Floats(f) => f[i] = v,
            Cells::Bytes(b) => match byte_of(v) {
                Some(x) => b[i] = x,
                None => return false,
            },
        }
        true
    }
}

/// A column's cells that mostly hold one value: that value once, a bit
/// per cell where another value sits, and those values in cell order. A
/// cell is read in constant time (the set bits before it: the count before
/// its 64-cell word plus a popcount within it). Most columns hold one value
/// at most nodes (the markup cue's distances are "none near" at nearly
/// every element of a long list, a flag is 0 nearly everywhere): as such a
/// column takes 0.19 bytes a cell and 4 a value apart, against 1 or 4 a
/// cell ([`ScoreTable::compact`]).
#[derive(Debug, Clone)]
struct Sparse {
    len: usize,
    common: f32,
    /// Bit `i % 64` of word `i / 64`: cell `i` holds another value.
    bits: Vec<u64>,
    /// Per word of `bits`: the set bits of the words before it.
    ranks: Vec<u32>,
    /// The other values, in cell order.
    others: Vec<f32>,
}

/// See [`Sparse::of`]: columns of fewer cells stay as they are. Memory
/// counts on large pages only (a page of 20,000 elements has a table of a
/// few MB), and a sparse cell is slower to read than a plain one.
const SPARSE_MIN_CELLS: usize = 65_536;

/// See [`Sparse::of`]: a column becomes sparse when that takes at most
/// this share of its plain cells' bytes.
const SPARSE_MAX_SHARE: f32 = 0.5;

impl Sparse {
    /// `cells` as one common value and the others, when that takes at
    /// most [`SPARSE_MAX_SHARE`] of their bytes; else None. One pass counts
    /// the candidates for the common value (every byte value; for floats
    /// NaN, 0 and the first value), a second builds the cells only when
    /// they pay.
    fn of(cells: &Cells) -> Option<Sparse> {
        let len = cells.len();
        if len < SPARSE_MIN_CELLS {
            return None;
        }
        let (common, count) = match cells {
            Cells::Bytes(b) => {
                let mut counts = [0u32; 256];
                for &x in b {
                    counts[usize::from(x)] += 1;
                }
                let best = (0..256).max_by_key(|&x| (counts[x], std::cmp::Reverse(x))).unwrap_or(0);
                (Cells::Bytes(vec![best as u8]).get(0), counts[best] as usize)
            }
            Cells::Floats(f) => {
                // A column of floats is mostly NaN (the nodes it does not
                // apply to), 0, or one value throughout (its first).
                let first = f.first().copied().unwrap_or(f32::NAN);
                let (nan, zero, first_bits) = (f32::NAN.to_bits(), 0f32.to_bits(), first.to_bits());
                let mut n = [0usize; 3];
                for x in f {
                    let b = x.to_bits();
                    n[0] += usize::from(b == nan);
                    n[1] += usize::from(b == zero);
                    n[2] += usize::from(b == first_bits);
                }
                let k = (0..3).max_by_key(|&k| (n[k], std::cmp::Reverse(k))).unwrap_or(0);
                ([f32::NAN, 0.0, first][k], n[k])
            }
        };
        let words = len.div_ceil(64);
        let others = len - count;
        if (12 * words + 4 * others) as f32 > SPARSE_MAX_SHARE * cells_bytes(cells) as f32 {
            return None;
        }
        let mut sparse = Sparse { len, common, bits: vec![0; words], ranks: Vec::with_capacity(words), others: Vec::with_capacity(others) };
        // A cell apart from the common value, told on the raw cells.
        let (common_byte, common_bits) = (byte_of(common).unwrap_or(BYTE_NAN), common.to_bits());
        let apart = |i: usize| match cells {
            Cells::Bytes(b) => b[i] != common_byte,
            Cells::Floats(f) => f[i].to_bits() != common_bits,
        };
        for i in (0..len).filter(|&i| apart(i)) {
            sparse.bits[i >> 6] |= 1 << (i & 63);
            sparse.others.push(cells.get(i));
        }
        let mut before = 0;
        for w in &sparse.bits {
            sparse.ranks.push(before);
            before += w.count_ones();
        }
        Some(sparse)
    }

    /// Where cell `i`'s value sits in `others`, if it has one of its own.
    #[inline]
    fn other(&self, i: usize) -> Option<usize> {
        let word = self.bits[i >> 6];
        let bit = 1u64 << (i & 63);
        (word & bit != 0).then(|| (self.ranks[i >> 6] + (word & (bit - 1)).count_ones()) as usize)
    }

    fn get(&self, i: usize) -> f32 {
        match self.other(i) {
            Some(k) => self.others[k],
            None => self.common,
        }
    }

    /// Writes `v` at cell `i` where the sparse cells hold it (a cell of
    /// its own, or the common value); false (nothing written) otherwise.
    fn try_set(&mut self, i: usize, v: f32) -> bool {
        match self.other(i) {
            Some(k) => self.others[k] = v,
            None if v.to_bits() == self.common.to_bits() => {}
            None => return false,
        }
        true
    }

    /// The same cells, one value each: bytes where every value fits one.
    fn dense(&self) -> Cells {
        let bytes = byte_of(self.common).is_some() && self.others.iter().all(|&v| byte_of(v).is_some());
        let mut cells = Cells::nan(self.len, !bytes);
        for i in 0..self.len {
            cells.set(i, self.get(i));
        }
        cells
    }

    fn bytes(&self) -> usize {
        8 * self.bits.len() + 4 * self.ranks.len() + 4 * self.others.len()
    }
}

/// The bytes `c`'s cells take.
fn cells_bytes(c: &Cells) -> usize {
    match c {
        Cells::Bytes(b) => b.len(),
        Cells::Floats(f) => 4 * f.len(),
    }
}

/// Where a column's per-node values are stored.
#[derive(Debug, Clone)]
enum Store {
    /// None yet: the column describes the page (its root row only).
    Root,
    /// In `spaces[k]`'s slots.
    Space(usize, Cells),
    /// One value per node.
    Nodes(Cells),
    /// Mostly one value ([`ScoreTable::compact`]): in `spaces[k]`'s slots,
    /// or per node (`None`).
    Sparse(Option<usize>, Sparse),
}

/// One column of a [`ScoreTable`], read as [`ScoreTable::get`] reads it
/// ([`ScoreTable::column`]).
#[derive(Clone, Copy)]
pub struct Column<'a> {
    root: f32,
    /// Per node, its slot in `cells` (a compact column); `None`: `cells`
    /// holds one value per node.
    slot: Option<&'a [u32]>,
    /// `None`: the column has only the root's value, or sparse cells.
    cells: Option<&'a Cells>,
    sparse: Option<&'a Sparse>,
}

impl Column<'_> {
    /// The value at `node`; NaN where the column does not apply.
    #[inline]
    pub fn get(&self, node: NodeId) -> f32 {
        if node == 0 {
            return self.root;
        }
        let Some(cells) = self.cells else { return self.sparse_get(node) };
        match self.slot {
            None => cells.get(node),
            Some(slot) => match slot[node] {
                NO_SLOT => f32::NAN,
                s => cells.get(s as usize),
            },
        }
    }

    /// [`Column::get`] of sparse cells (or none): out of line, so that the
    /// plain cells' read stays small enough to inline where columns are
    /// read many times (the decision's rows). Inlined too, the core took
    /// 0.46 % more instructions over 60 wcxb-dev pages, none of whose
    /// columns is sparse; out of line 0.2 %, and the 1,000,000-element
    /// page's decision 8 % longer than before sparse columns.
    #[inline(never)]
    fn sparse_get(&self, node: NodeId) -> f32 {
        let Some(sparse) = self.sparse else { return f32::NAN };
        match self.slot {
            None => sparse.get(node),
            Some(slot) => match slot[node] {
                NO_SLOT => f32::NAN,
                s => sparse.get(s as usize),
            },
        }
    }
}

/// One column's values: the root's, and the other nodes' once any is set.
#[derive(Debug, Clone)]
struct Values {
    root: f32,
    store: Store,
    /// Been through [`ScoreTable::compact`] with values below the root.
    compacted: bool,
}

/// The per-node table: column-major `f32` values. A column's storage is
/// allocated on its first value below the root, in the smallest space
/// that holds that node (the leaves, then elements and leaves, then every
/// node), and moved to a larger one when a value falls outside it.
#[derive(Debug, Clone, Default)]
pub struct ScoreTable {
    rows: usize,
    specs: Vec<&'static ColumnSpec>,
    values: Vec<Values>,
    /// Nested subsets of the nodes, smallest first.
    spaces: Vec<Space>,
}

impl ScoreTable {
    /// An empty table of `rows` rows (one per node of the page), every
    /// column stored per node.
    pub fn new(rows: usize) -> ScoreTable {
        ScoreTable { rows, specs: Vec::new(), values: Vec::new(), spaces: Vec::new() }
    }

    /// An empty table of `rows` rows whose columns are stored compactly
    /// while their values fall in `spaces` (each a superset of the one
    /// before, e.g. the page's leaves, then its elements and leaves). Reads
    /// and writes are as in [`ScoreTable::new`]'s table.
    pub fn with_spaces(rows: usize, spaces: Vec<Vec<NodeId>>) -> ScoreTable {
        let spaces = spaces.into_iter().map(|m| Space::of(rows, m.into_iter())).collect();
        ScoreTable { rows, specs: Vec::new(), values: Vec::new(), spaces }
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
        self.values.push(Values { root: f32::NAN, store: Store::Root, compacted: false });
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

    #[inline]
    pub fn set(&mut self, col: Col, node: NodeId, value: f32) {
        let v = &mut self.values[col.0];
        if node == 0 {
            v.root = value;
            return;
        }
        match &mut v.store {
            Store::Nodes(n) => n.set(node, value),
            Store::Space(k, vals) => match self.spaces[*k].slot[node] {
                NO_SLOT => self.set_moving(col, node, value),
                s => vals.set(s as usize, value),
            },
            Store::Root => self.set_moving(col, node, value),
            Store::Sparse(..) => self.set_sparse(col, node, value),
        }
    }

    /// [`ScoreTable::set`] of a sparse column: written in place where its
    /// cells hold the value, else the column becomes plain cells again.
    #[cold]
    #[inline(never)]
    fn set_sparse(&mut self, col: Col, node: NodeId, value: f32) {
        let v = &mut self.values[col.0];
        let Store::Sparse(k, sparse) = &mut v.store else { return };
        let at = match k {
            Some(k) => self.spaces[*k].slot[node],
            None => node as u32,
        };
        if at != NO_SLOT && sparse.try_set(at as usize, value) {
            return;
        }
        let cells = sparse.dense();
        v.store = match *k {
            Some(k) => Store::Space(k, cells),
            None => Store::Nodes(cells),
        };
        self.set(col, node, value);
    }

    /// [`ScoreTable::set`] at each node of `ids` (in order) of `value(i)`,
    /// `i` its index in `ids`, with the same result. Between the writes
    /// that must allocate or move the column (or write the root's row),
    /// the column's storage is looked up once: for a signal that writes a
    /// whole column at once. The markup cue's 20 columns over every element
    /// and leaf (12 M writes over 100 wcxb-dev pages, 5 runs each) took the
    /// core from 17.87 to 17.63 G instructions (callgrind over `pith-lab
    /// profile wcxb-dev --limit 100`, session 18).
    pub fn set_each(&mut self, col: Col, ids: &[u32], value: impl Fn(usize) -> f32) {
        let mut i = 0;
        while i < ids.len() {
            self.set(col, ids[i] as usize, value(i));
            i += 1;
            let ScoreTable { values, spaces, .. } = &mut *self;
            let (slot, cells) = match &mut values[col.0].store {
                Store::Space(k, cells) => (Some(&spaces[*k].slot), cells),
                Store::Nodes(cells) => (None, cells),
                Store::Root | Store::Sparse(..) => continue,
            };
            // Until a write needs the root's row, room the storage lacks
            // or a wider cell: then `set` again.
            while i < ids.len() {
                let node = ids[i] as usize;
                let at = match slot {
                    _ if node == 0 => break,
                    Some(slot) => match slot.get(node) {
                        Some(&s) if s != NO_SLOT => s as usize,
                        _ => break,
                    },
                    None => node,
                };
                if !cells.try_set(at, value(i)) {
                    break;
                }
                i += 1;
            }
        }
    }

    /// [`ScoreTable::set`] where the column has no storage yet, or none
    /// for `node`: allocates it, or moves it to a space that holds `node`.
    fn set_moving(&mut self, col: Col, node: NodeId, value: f32) {
        let v = &mut self.values[col.0];
        let from = match &v.store {
            Store::Space(k, _) => *k + 1,
            _ => 0,
        };
        let next = (from..self.spaces.len()).find(|&j| self.spaces[j].slot[node] != NO_SLOT);
        let len = next.map_or(self.rows, |j| self.spaces[j].node.len());
        let floats = matches!(&v.store, Store::Space(_, Cells::Floats(_))) || byte_of(value).is_none();
        let mut moved = Cells::nan(len, floats);
        if let Store::Space(k, vals) = &v.store {
            for (s, &id) in self.spaces[*k].node.iter().enumerate() {
                let to = next.map_or(id as usize, |j| self.spaces[j].slot[id as usize] as usize);
                moved.set(to, vals.get(s));
            }
        }
        match next {
            Some(j) => {
                moved.set(self.spaces[j].slot[node] as usize, value);
                v.store = Store::Space(j, moved);
            }
            None => {
                moved.set(node, value);
                v.store = Store::Nodes(moved);
            }
        }
    }

    /// Stores the columns written since the last call that mostly hold one
    /// value as sparse cells, which read the same: the pipeline calls it
    /// after each signal (`extract::run_signals`; the markup cue after each
    /// of its columns), so that a large page's columns do not all stay one
    /// cell per node while the next signals run. Each column is looked at
    /// once; a later write its sparse cells cannot hold turns it back into
    /// plain cells.
    pub fn compact(&mut self) {
        for v in self.values.iter_mut().filter(|v| !v.compacted) {
            let (k, cells) = match &v.store {
                Store::Space(k, cells) => (Some(*k), cells),
                Store::Nodes(cells) => (None, cells),
                _ => continue,
            };
            v.compacted = true;
            if let Some(sparse) = Sparse::of(cells) {
                v.store = Store::Sparse(k, sparse);
            }
        }
    }

    /// The value at `node`; NaN where the column does not apply.
    #[inline]
    pub fn get(&self, col: Col, node: NodeId) -> f32 {
        // What `Column::get` reads, written out: through `column` the core
        // took 0.6 % more instructions (callgrind, session 18).
        let v = &self.values[col.0];
        if node == 0 {
            return v.root;
        }
        match &v.store {
            Store::Root => f32::NAN,
            Store::Nodes(n) => n.get(node),
            Store::Space(k, vals) => match self.spaces[*k].slot[node] {
                NO_SLOT => f32::NAN,
                s => vals.get(s as usize),
            },
            Store::Sparse(..) => self.column(col).get(node),
        }
    }

    /// Column `col` for reading many nodes: its storage looked up once.
    /// The decision's rows read 63 columns at every leaf: through these,
    /// their filling took 0.93 G instructions instead of 1.15 G (8.6 M reads
    /// over 100 wcxb-dev pages, 5 runs each; callgrind over `pith-lab
    /// profile wcxb-dev --limit 100`, session 18).
    pub fn column(&self, col: Col) -> Column<'_> {
        let v = &self.values[col.0];
        let slot_of = |k: usize| Some(self.spaces[k].slot.as_slice());
        let (slot, cells, sparse) = match &v.store {
            Store::Root => (None, None, None),
            Store::Nodes(cells) => (None, Some(cells), None),
            Store::Space(k, cells) => (slot_of(*k), Some(cells), None),
            Store::Sparse(k, sparse) => (k.and_then(slot_of), None, Some(sparse)),
        };
        Column { root: v.root, slot, cells, sparse }
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
        !matches!(self.values[col.0].store, Store::Root)
    }

    /// The first node (in document order) whose value passes `pred`.
    pub fn find(&self, col: Col, pred: impl Fn(f32) -> bool) -> Option<NodeId> {
        let v = &self.values[col.0];
        if pred(v.root) {
            return Some(0);
        }
        // Per slot its node (`None`: slot and node are one), the slots'
        // count and a slot's value. Slots are in document order.
        let (nodes, len, get): (Option<&[u32]>, usize, &dyn Fn(usize) -> f32) = match &v.store {
            Store::Root => return None,
            Store::Nodes(n) => (None, n.len(), &|i| n.get(i)),
            Store::Space(k, vals) => (Some(&self.spaces[*k].node), vals.len(), &|s| vals.get(s)),
            Store::Sparse(k, sparse) => (k.map(|k| self.spaces[k].node.as_slice()), sparse.len, &|s| sparse.get(s)),
        };
        let node = |s: usize| nodes.map_or(s, |n| n[s] as usize);
        (0..len).find(|&s| node(s) != 0 && pred(get(s))).map(node)
    }

    pub fn specs(&self) -> &[&'static ColumnSpec] {
        &self.specs
    }

    /// Each column's storage: its key, where its values are kept
    /// (`root`, `space 0`… the node spaces of [`ScoreTable::with_spaces`],
    /// smallest first, or `nodes`), whether its cells are `f32`, and its
    /// cells' bytes. For memory probes (`pith-lab signals FILE`).
    pub fn storage(&self) -> Vec<(&'static str, String, bool, usize)> {
        self.specs
            .iter()
            .zip(&self.values)
            .map(|(s, v)| match &v.store {
                Store::Root => (s.key, "root".to_string(), false, 0),
                Store::Space(k, c) => (s.key, format!("space {k}"), matches!(c, Cells::Floats(_)), cells_bytes(c)),
                Store::Nodes(c) => (s.key, "nodes".to_string(), matches!(c, Cells::Floats(_)), cells_bytes(c)),
                Store::Sparse(k, c) => (s.key, k.map_or("sparse nodes".to_string(), |k| format!("sparse {k}")), true, c.bytes()),
            })
            .collect()
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

    #[test]
    fn compact_columns_read_and_move_as_per_node_ones() {
        // Six nodes: leaves 2 and 4; elements 1, 3 and 4; node 5 in neither.
        let spaces = || vec![vec![2, 4], vec![1, 2, 3, 4]];
        let writes: &[&[(usize, f32)]] = &[&[(4, 1.0), (2, 2.0)], &[(4, 1.0), (3, 3.0)], &[(2, 2.0), (5, 5.0), (4, 4.0)]];
        for w in writes {
            let (mut compact, mut plain) = (ScoreTable::with_spaces(6, spaces()), ScoreTable::new(6));
            let (a, b) = (compact.add(&A), plain.add(&A));
            for &(node, v) in *w {
                compact.set(a, node, v);
                plain.set(b, node, v);
            }
            for node in 0..6 {
                assert_eq!(compact.get(a, node).to_bits(), plain.get(b, node).to_bits(), "{w:?} at {node}");
                assert_eq!(compact.column(a).get(node).to_bits(), compact.get(a, node).to_bits(), "{w:?} at {node}");
                assert_eq!(plain.column(b).get(node).to_bits(), plain.get(b, node).to_bits(), "{w:?} at {node}");
            }
            assert_eq!(compact.find(a, |v| v > 0.0), plain.find(b, |v| v > 0.0));
            assert_eq!(compact.find(a, |v| v > 1.5), plain.find(b, |v| v > 1.5));
            assert!(compact.is_per_node(a) && compact.has_row(w[0].0) && !compact.has_row(0));
        }
        // Where each column ended up: the leaves, elements and leaves, every node.
        let mut t = ScoreTable::with_spaces(6, spaces());
        let a = t.add(&A);
        t.set(a, 2, 1.0);
        assert!(matches!(&t.values[0].store, Store::Space(0, v) if v.len() == 2));
        t.set(a, 3, 1.0);
        assert!(matches!(&t.values[0].store, Store::Space(1, v) if v.len() == 4));
        t.set(a, 5, 1.0);
        assert!(matches!(&t.values[0].store, Store::Nodes(v) if v.len() == 6));
    }

    #[test]
    fn set_each_stores_what_set_stores_one_by_one() {
        // Leaves 2 and 4; elements 1, 3 and 4; nodes 0 (the root) and 5 in
        // neither: runs that move the column, widen it and write the root.
        let spaces = || vec![vec![2, 4], vec![1, 2, 3, 4]];
        let runs: &[&[(u32, f32)]] = &[
            &[(2, 1.0), (4, 2.0), (3, 3.0), (1, 0.0)],
            &[(4, 1.0), (2, 0.5), (3, 7.0)],
            &[(0, 9.0), (2, 1.0), (0, 3.0), (5, 2.0), (4, 300.0), (1, 1.0)],
            &[(3, f32::NAN), (2, -0.0), (2, 4.0)],
            &[],
        ];
        for run in runs {
            let (ids, values): (Vec<u32>, Vec<f32>) = run.iter().copied().unzip();
            let (mut each, mut one) = (ScoreTable::with_spaces(6, spaces()), ScoreTable::with_spaces(6, spaces()));
            let (a, b) = (each.add(&A), one.add(&A));
            each.set_each(a, &ids, |i| values[i]);
            for &(node, v) in *run {
                one.set(b, node as usize, v);
            }
            for node in 0..6 {
                assert_eq!(each.get(a, node).to_bits(), one.get(b, node).to_bits(), "{run:?} at {node}");
            }
            assert_eq!(format!("{:?}", each.values[0].store), format!("{:?}", one.values[0].store), "{run:?}");
        }
    }

    #[test]
    fn sparse_columns_read_and_take_writes_as_plain_ones() {
        // A large page's columns: leaves at every third node, elements at
        // every other; values mostly one (a distance, a flag, NaN), a few
        // others, in each space and per node.
        let rows = SPARSE_MIN_CELLS * 3 + 7;
        let spaces = || vec![(1..rows).step_by(3).collect::<Vec<_>>(), (1..rows).step_by(2).chain((1..rows).step_by(3)).collect()];
        const B: ColumnSpec = ColumnSpec { key: "t.b", ..A };
        const C: ColumnSpec = ColumnSpec { key: "t.c", ..A };
        let (mut sparse, mut plain) = (ScoreTable::with_spaces(rows, spaces()), ScoreTable::with_spaces(rows, spaces()));
        for t in [&mut sparse, &mut plain] {
            let (a, bb, cc) = (t.add(&A), t.add(&B), t.add(&C));
            for id in (1..rows).step_by(3) {
                t.set(a, id, if id % 97 == 1 { 3.0 } else { 12.0 });
                t.set(bb, id, if id % 89 == 1 { 0.25 } else { f32::NAN });
            }
            for id in 1..rows {
                t.set(cc, id, if id % 83 == 0 { 1.0 } else { 0.0 });
            }
            t.set(a, 0, 7.0);
        }
        sparse.compact();
        let stored: Vec<String> = sparse.storage().into_iter().map(|s| s.1).collect();
        assert_eq!(stored, ["sparse 0", "sparse 0", "sparse nodes"]);
        let same = |s: &ScoreTable, p: &ScoreTable, what: &str| {
            for col in 0..3 {
                for id in 0..rows {
                    assert_eq!(s.get(Col(col), id).to_bits(), p.get(Col(col), id).to_bits(), "{what}: column {col} at {id}");
                    assert_eq!(s.column(Col(col)).get(id).to_bits(), p.get(Col(col), id).to_bits(), "{what}: column {col} at {id}");
                }
                assert_eq!(s.find(Col(col), |v| v > 0.5), p.find(Col(col), |v| v > 0.5), "{what}: column {col}");
                assert_eq!(s.find(Col(col), |v| v.is_nan()), p.find(Col(col), |v| v.is_nan()), "{what}: column {col}");
            }
        };
        same(&sparse, &plain, "compacted");
        // Writes the sparse cells hold: the common value, a value apart.
        for t in [&mut sparse, &mut plain] {
            t.set(Col(0), 4, 12.0);
            t.set(Col(0), 1, 5.0);
            t.set_each(Col(2), &[6, 83], |i| [0.0, 2.0][i]);
        }
        assert!(sparse.values.iter().all(|v| matches!(v.store, Store::Sparse(..))));
        same(&sparse, &plain, "written in place");
        // Writes they cannot hold: a new value apart, a node outside the
        // space, the root.
        for t in [&mut sparse, &mut plain] {
            t.set(Col(0), 7, 4.0);
            t.set_each(Col(1), &[10, 2, 0], |i| [0.5, 1.0, 9.0][i]);
            t.set(Col(2), 3, 0.75);
        }
        assert!(!sparse.values.iter().any(|v| matches!(v.store, Store::Sparse(..))));
        same(&sparse, &plain, "back to plain cells");
        for col in 0..3 {
            assert_eq!(format!("{:?}", sparse.values[col].store), format!("{:?}", plain.values[col].store));
        }
    }

    #[test]
    fn small_whole_numbers_take_a_byte_until_another_value_comes() {
        for v in [0.0, 1.0, 12.0, 254.0, f32::NAN] {
            assert!(byte_of(v).is_some(), "{v}");
        }
        for v in [-0.0, -1.0, 0.5, 255.0, 1e9, f32::INFINITY] {
            assert_eq!(byte_of(v), None, "{v}");
        }
        let mut t = ScoreTable::new(4);
        let a = t.add(&A);
        t.set(a, 1, 3.0);
        t.set(a, 2, 7.0);
        assert!(matches!(&t.values[0].store, Store::Nodes(Cells::Bytes(_))));
        assert!(t.get(a, 3).is_nan());
        // A fraction turns the column to f32, every value kept.
        t.set(a, 3, 0.25);
        assert!(matches!(&t.values[0].store, Store::Nodes(Cells::Floats(_))));
        assert_eq!((t.get(a, 1), t.get(a, 2), t.get(a, 3)), (3.0, 7.0, 0.25));
        assert!(t.get(a, 0).is_nan());
        // −0 keeps its sign.
        let b = t.add(&ColumnSpec { key: "t.b", ..A });
        t.set(b, 1, -0.0);
        assert_eq!(t.get(b, 1).to_bits(), (-0.0f32).to_bits());
    }
}
