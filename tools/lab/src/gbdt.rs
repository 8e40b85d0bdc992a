//! Gradient-boosted regression trees with logistic loss (Friedman 2001;
//! second-order leaf values and split gains as in XGBoost, Chen & Guestrin
//! 2016, eqs. 5–7), on histograms of quantised features. Small and
//! deterministic: the same data and parameters give the same forest.

/// Training parameters.
#[derive(Debug, Clone)]
pub struct Params {
    pub trees: usize,
    pub depth: usize,
    pub learning_rate: f32,
    /// L2 regularisation of leaf values (λ).
    pub lambda: f64,
    /// Minimum hessian sum in a child.
    pub min_child_weight: f64,
    /// Minimum gain to split (γ).
    pub gamma: f64,
    /// Share of rows each tree sees.
    pub subsample: f64,
    /// Share of features each tree may split on.
    pub colsample: f64,
    /// Quantisation bins per feature (at most 255; bin 255 is "missing").
    pub bins: usize,
    pub seed: u64,
    /// Forests trained at seeds `seed`, `seed + 1`, … and averaged into one
    /// ([`bag`]); 1: a single forest.
    pub bag: usize,
}

impl Default for Params {
    fn default() -> Self {
        Params {
            trees: 150,
            depth: 5,
            learning_rate: 0.1,
            lambda: 1.0,
            min_child_weight: 1e-3,
            gamma: 0.0,
            subsample: 0.7,
            colsample: 0.8,
            bins: 64,
            seed: 1,
            bag: 1,
        }
    }
}

/// Rows of features (row-major), labels 0/1 and weights.
pub struct Data {
    pub cols: usize,
    pub x: Vec<f32>,
    pub y: Vec<f32>,
    pub w: Vec<f32>,
}

impl Data {
    pub fn rows(&self) -> usize {
        self.y.len()
    }
}

/// A trained forest in the core's depth-first layout (see
/// `pith::decision::forest`).
#[derive(Debug, Clone, Default, serde::Serialize, serde::Deserialize)]
pub struct Model {
    pub roots: Vec<u32>,
    pub feature: Vec<u8>,
    pub threshold: Vec<f32>,
    pub right: Vec<u16>,
    pub bias: f32,
}

const MISSING: u8 = 255;
const LEAF: u8 = u8::MAX;

impl Model {
    #[cfg(test)]
    pub fn margin(&self, x: &[f32]) -> f32 {
        let mut sum = self.bias;
        for &root in &self.roots {
            let mut i = root as usize;
            while self.feature[i] != LEAF {
                i += if x[self.feature[i] as usize] < self.threshold[i] { 1 } else { self.right[i] as usize };
            }
            sum += self.threshold[i];
        }
        sum
    }

    pub fn nodes(&self) -> usize {
        self.feature.len()
    }
}

/// The forests' mean as one forest (bagging, Breiman 1996, over boosted
/// forests that differ by their row and feature samples): every tree of
/// each, its leaf values divided by their number, and the mean bias. A
/// model's margin is the sum of its trees' leaves and its bias, so this
/// forest's margin is the mean of theirs.
pub fn bag(models: &[Model]) -> Model {
    let k = models.len().max(1) as f32;
    let mut out = Model { bias: models.iter().map(|m| m.bias).sum::<f32>() / k, ..Model::default() };
    for m in models {
        let offset = out.feature.len() as u32;
        out.roots.extend(m.roots.iter().map(|r| r + offset));
        out.feature.extend_from_slice(&m.feature);
        out.right.extend_from_slice(&m.right);
        out.threshold.extend(m.feature.iter().zip(&m.threshold).map(|(&f, &t)| if f == LEAF { t / k } else { t }));
    }
    out
}

struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        // xorshift64*
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545F4914F6CDD1D)
    }
    fn unit(&mut self) -> f64 {
        (self.next() >> 11) as f64 / (1u64 << 53) as f64
    }
}

/// Quantile cuts per feature: a value below `cuts[f][b]` is in bin ≤ b.
fn cuts(data: &Data, bins: usize) -> Vec<Vec<f32>> {
    let rows = data.rows();
    let step = (rows / 200_000).max(1);
    (0..data.cols)
        .map(|f| {
            let mut v: Vec<f32> =
                (0..rows).step_by(step).map(|r| data.x[r * data.cols + f]).filter(|v| !v.is_nan()).collect();
            v.sort_by(|a, b| a.total_cmp(b));
            v.dedup();
            if v.len() <= 1 {
                return Vec::new();
            }
            let k = bins.min(254).min(v.len() - 1);
            let mut out = Vec::with_capacity(k);
            for q in 1..=k {
                let i = q * (v.len() - 1) / (k + 1);
                let c = (v[i] + v[(i + 1).min(v.len() - 1)]) / 2.0;
                if out.last().map_or(true, |&l| c > l) {
                    out.push(c);
                }
            }
            out
        })
        .collect()
}

fn bin_of(cuts: &[f32], v: f32) -> u8 {
    if v.is_nan() {
        return MISSING;
    }
    cuts.partition_point(|&c| c <= v) as u8
}

/// Quantised features, column-major: `bins[f * rows + r]`.
struct Binned {
    rows: usize,
    bins: Vec<u8>,
}

impl Binned {
    fn col(&self, f: usize) -> &[u8] {
        &self.bins[f * self.rows..(f + 1) * self.rows]
    }
}

/// A node's histogram: per feature and bin, (gradient sum, hessian sum).
type Hist = Vec<[f64; 2]>;

/// Trains a forest.
pub fn train(data: &Data, p: &Params) -> Model {
    if p.bag > 1 {
        let models: Vec<Model> = (0..p.bag as u64).map(|k| train(data, &Params { seed: p.seed + k, bag: 1, ..p.clone() })).collect();
        return bag(&models);
    }
    let rows = data.rows();
    let cols = data.cols;
    let cuts = cuts(data, p.bins);
    let mut bins = vec![0u8; rows * cols];
    for f in 0..cols {
        for r in 0..rows {
            bins[f * rows + r] = bin_of(&cuts[f], data.x[r * cols + f]);
        }
    }
    let binned = Binned { rows, bins };
    let wsum: f64 = data.w.iter().map(|&w| f64::from(w)).sum();
    let pos: f64 = data.y.iter().zip(&data.w).map(|(&y, &w)| f64::from(y * w)).sum();
    let prior = (pos / wsum).clamp(1e-6, 1.0 - 1e-6);
    let bias = (prior / (1.0 - prior)).ln() as f32;
    let mut margin = vec![bias; rows];
    let mut model = Model { bias, ..Default::default() };
    let mut rng = Rng(p.seed.wrapping_mul(0x9E3779B97F4A7C15) | 1);
    let mut g = vec![0f64; rows];
    let mut h = vec![0f64; rows];
    for _ in 0..p.trees {
        for r in 0..rows {
            let pr = 1.0 / (1.0 + (-f64::from(margin[r])).exp());
            let w = f64::from(data.w[r]);
            g[r] = (pr - f64::from(data.y[r])) * w;
            h[r] = (pr * (1.0 - pr)).max(1e-6) * w;
        }
        let sample: Vec<u32> = (0..rows as u32).filter(|_| rng.unit() < p.subsample).collect();
        let allowed: Vec<bool> = (0..cols).map(|f| !cuts[f].is_empty() && rng.unit() < p.colsample).collect();
        let tree = grow(&binned, cols, &cuts, &g, &h, sample, &allowed, p);
        let root = model.feature.len();
        model.roots.push(root as u32);
        for n in &tree {
            model.feature.push(n.feature);
            model.threshold.push(n.value);
            model.right.push(n.right);
        }
        for r in 0..rows {
            let x = &data.x[r * cols..(r + 1) * cols];
            let mut i = 0usize;
            loop {
                let n = &tree[i];
                if n.feature == LEAF {
                    margin[r] += n.value;
                    break;
                }
                if x[n.feature as usize] < n.value {
                    i += 1;
                } else {
                    i += n.right as usize;
                }
            }
        }
    }
    model
}

#[derive(Clone, Copy)]
struct Node {
    feature: u8,
    value: f32,
    right: u16,
}

/// Builds the histogram of `rows` over the allowed features, on two
/// threads (features split between them).
fn histogram(binned: &Binned, cols: usize, g: &[f64], h: &[f64], rows: &[u32], allowed: &[bool]) -> Hist {
    let mut hist: Hist = vec![[0.0; 2]; cols * 256];
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get()).min(4);
    let chunk = cols.div_ceil(threads);
    std::thread::scope(|s| {
        for (t, part) in hist.chunks_mut(chunk * 256).enumerate() {
            s.spawn(move || {
                for (k, slot) in part.chunks_mut(256).enumerate() {
                    let f = t * chunk + k;
                    if !allowed[f] {
                        continue;
                    }
                    let col = binned.col(f);
                    for &r in rows {
                        let r = r as usize;
                        let e = &mut slot[col[r] as usize];
                        e[0] += g[r];
                        e[1] += h[r];
                    }
                }
            });
        }
    });
    hist
}

#[allow(clippy::too_many_arguments)]
fn grow(
    binned: &Binned,
    cols: usize,
    cuts: &[Vec<f32>],
    g: &[f64],
    h: &[f64],
    rows: Vec<u32>,
    allowed: &[bool],
    p: &Params,
) -> Vec<Node> {
    let mut out = Vec::new();
    // Explicit stack: a node's rows, its histogram, depth, and the index
    // of its parent's node whose `right` it fills.
    struct Job {
        rows: Vec<u32>,
        hist: Hist,
        depth: usize,
        patch: Option<usize>,
    }
    let hist = histogram(binned, cols, g, h, &rows, allowed);
    let mut stack = vec![Job { rows, hist, depth: 0, patch: None }];
    while let Some(job) = stack.pop() {
        let here = out.len();
        if let Some(parent) = job.patch {
            out[parent] = Node { right: (here - parent) as u16, ..out[parent] };
        }
        let (gs, hs) = job.rows.iter().fold((0.0, 0.0), |(a, b), &r| (a + g[r as usize], b + h[r as usize]));
        let leaf_value = (-gs / (hs + p.lambda) * f64::from(p.learning_rate)) as f32;
        let split = if job.depth < p.depth && job.rows.len() >= 2 {
            best_split(&job.hist, cols, cuts, allowed, gs, hs, p)
        } else {
            None
        };
        match split {
            None => out.push(Node { feature: LEAF, value: leaf_value, right: 0 }),
            Some((f, b)) => {
                out.push(Node { feature: f as u8, value: cuts[f][b - 1], right: 0 });
                let col = binned.col(f);
                let (left, right): (Vec<u32>, Vec<u32>) = job.rows.iter().partition(|&&r| col[r as usize] < b as u8);
                // The smaller child's histogram is built, the larger one's
                // is the parent's minus it.
                let deeper = job.depth + 1 < p.depth;
                let (lh, rh) = if !deeper {
                    (Vec::new(), Vec::new())
                } else if left.len() <= right.len() {
                    let lh = histogram(binned, cols, g, h, &left, allowed);
                    let rh = subtract(job.hist, &lh);
                    (lh, rh)
                } else {
                    let rh = histogram(binned, cols, g, h, &right, allowed);
                    let lh = subtract(job.hist, &rh);
                    (lh, rh)
                };
                // Left is next in depth-first order: push right first.
                stack.push(Job { rows: right, hist: rh, depth: job.depth + 1, patch: Some(here) });
                stack.push(Job { rows: left, hist: lh, depth: job.depth + 1, patch: None });
            }
        }
    }
    out
}

fn subtract(mut parent: Hist, child: &Hist) -> Hist {
    for (a, b) in parent.iter_mut().zip(child) {
        a[0] -= b[0];
        a[1] -= b[1];
    }
    parent
}

/// The best (feature, cut index b ≥ 1): rows with bin < b go left.
fn best_split(
    hist: &Hist,
    cols: usize,
    cuts: &[Vec<f32>],
    allowed: &[bool],
    gs: f64,
    hs: f64,
    p: &Params,
) -> Option<(usize, usize)> {
    let score = |g: f64, h: f64| g * g / (h + p.lambda);
    let parent = score(gs, hs);
    let mut best: Option<(usize, usize)> = None;
    let mut best_gain = p.gamma.max(1e-12);
    for f in 0..cols {
        if !allowed[f] {
            continue;
        }
        let k = cuts[f].len();
        let (mut gl, mut hl) = (0.0, 0.0);
        // Missing values (bin 255) always go right.
        for b in 1..=k {
            let e = hist[f * 256 + b - 1];
            gl += e[0];
            hl += e[1];
            let (gr, hr) = (gs - gl, hs - hl);
            if hl < p.min_child_weight || hr < p.min_child_weight {
                continue;
            }
            let gain = score(gl, hl) + score(gr, hr) - parent;
            if gain > best_gain {
                best_gain = gain;
                best = Some((f, b));
            }
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn learns_a_threshold() {
        let mut x = Vec::new();
        let mut y = Vec::new();
        for i in 0..400 {
            let v = i as f32 / 400.0;
            x.push(v);
            x.push(f32::NAN);
            y.push(if v > 0.6 { 1.0 } else { 0.0 });
        }
        let data = Data { cols: 2, x, y, w: vec![1.0; 400] };
        let m = train(&data, &Params { trees: 30, depth: 2, subsample: 1.0, colsample: 1.0, ..Default::default() });
        // Bagged: the margin is the mean of the forests' margins.
        let p = Params { trees: 10, depth: 2, ..Default::default() };
        let (a, b) = (train(&data, &p), train(&data, &Params { seed: 2, ..p.clone() }));
        let both = train(&data, &Params { bag: 2, ..p });
        for r in 0..data.rows() {
            let x = &data.x[r * data.cols..(r + 1) * data.cols];
            assert!((both.margin(x) - (a.margin(x) + b.margin(x)) / 2.0).abs() < 1e-4);
        }
        assert!(m.margin(&[0.9, f32::NAN]) > 1.0);
        assert!(m.margin(&[0.2, f32::NAN]) < -1.0);
    }
}
