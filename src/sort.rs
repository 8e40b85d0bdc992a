//! The crate's one sort. Each instantiation of the standard library's
//! generic sorts adds kilobytes to the shipped wasm; every module orders
//! things through [`order`] (a stable LSD radix sort of 64-bit keys,
//! linear in the number of items), with [`f32_key`] to sort floats.

/// Lists up to this long are sorted by insertion (measured: a radix pass
/// over 257 counters costs more than insertion below a few dozen items).
const SHORT: usize = 32;

/// Indices of `keys` in ascending key order; equal keys keep their order.
pub fn order(keys: &[u64]) -> Vec<u32> {
    let n = keys.len();
    let mut idx: Vec<u32> = (0..n as u32).collect();
    // Short lists (class tokens, a page's few headings): insertion sort,
    // stable; a radix pass costs more than the whole list.
    if n <= SHORT {
        for i in 1..n {
            let mut j = i;
            while j > 0 && keys[idx[j - 1] as usize] > keys[idx[j] as usize] {
                idx.swap(j - 1, j);
                j -= 1;
            }
        }
        return idx;
    }
    let mut tmp = vec![0u32; n];
    // Skip the passes over bytes every key shares.
    let (or, and) = keys.iter().fold((0u64, u64::MAX), |(o, a), &k| (o | k, a & k));
    let varying = or ^ and;
    for pass in 0..8 {
        let shift = pass * 8;
        if (varying >> shift) & 0xff == 0 {
            continue;
        }
        let mut count = [0usize; 257];
        for &i in &idx {
            count[((keys[i as usize] >> shift) & 0xff) as usize + 1] += 1;
        }
        for b in 0..256 {
            count[b + 1] += count[b];
        }
        for &i in &idx {
            let b = ((keys[i as usize] >> shift) & 0xff) as usize;
            tmp[count[b]] = i;
            count[b] += 1;
        }
        std::mem::swap(&mut idx, &mut tmp);
    }
    idx
}

/// A key that orders floats as their values (NaN after +∞).
pub fn f32_key(x: f32) -> u64 {
    let b = x.to_bits();
    u64::from(if b & 0x8000_0000 != 0 { !b } else { b | 0x8000_0000 })
}

/// Puts `v` in `order` (as [`order`] gives it: item `i` becomes the one at
/// `order[i]`) in place, by following the permutation's cycles with swaps:
/// no second vector of the items (the page's leaves are tens of megabytes
/// on the 1,000,000-element bench page). `order` is left as the identity.
pub fn permute<T>(v: &mut [T], order: &mut [u32]) {
    debug_assert_eq!(v.len(), order.len());
    for i in 0..v.len() {
        let mut cur = i;
        loop {
            let next = order[cur] as usize;
            order[cur] = cur as u32;
            if next == i || next == cur {
                break;
            }
            v.swap(cur, next);
            cur = next;
        }
    }
}

/// Sorts `v` ascending.
pub fn sort(v: &mut Vec<u64>) {
    let o = order(v);
    *v = o.into_iter().map(|i| v[i as usize]).collect();
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn orders_stably() {
        assert_eq!(order(&[3, 1, 2, 1, u64::MAX, 0]), vec![5, 1, 3, 2, 0, 4]);
        let floats = [0.5f32, -1.0, 2.0, -0.0, 0.0, f32::NEG_INFINITY];
        let keys: Vec<u64> = floats.iter().map(|&f| f32_key(f)).collect();
        assert_eq!(order(&keys), vec![5, 1, 3, 4, 0, 2]);
        let mut v = vec![9, 3, 1 << 40, 3];
        let mut o = order(&v);
        let mut w = v.clone();
        permute(&mut w, &mut o);
        assert_eq!(w, vec![3, 3, 9, 1 << 40]);
        assert_eq!(o, vec![0, 1, 2, 3]);
        let mut letters = vec!['c', 'a', 'e', 'b', 'd', 'f'];
        permute(&mut letters, &mut vec![1, 3, 0, 4, 2, 5]);
        assert_eq!(letters, vec!['a', 'b', 'c', 'd', 'e', 'f']);
        sort(&mut v);
        assert_eq!(v, vec![3, 3, 9, 1 << 40]);
        // Long lists go through the radix passes: same order as a stable sort.
        let long: Vec<u64> = (0..1000u64).map(|i| (i * 7919) % 97 + ((i % 3) << 40)).collect();
        let mut expect: Vec<u32> = (0..1000).collect();
        expect.sort_by_key(|&i| long[i as usize]);
        assert_eq!(order(&long), expect);
    }
}
