//! Two bodies of one slice borrowed at once: every pair solver needs both mutably.
//! And a list filtered into scratch without a branch per item.

/// Mutable references to elements `i` and `j` (`i < j`) of `v`.
pub fn two_mut<T>(v: &mut [T], i: usize, j: usize) -> (&mut T, &mut T) {
    let (left, right) = v.split_at_mut(j);
    (&mut left[i], &mut right[0])
}

/// Elements `i` and `j` (different, either order) as `(v[i], v[j])`.
pub fn pair_mut<T>(v: &mut [T], i: usize, j: usize) -> (&mut T, &mut T) {
    if i < j {
        two_mut(v, i, j)
    } else {
        let (b, a) = two_mut(v, j, i);
        (a, b)
    }
}

/// The items of `items` for which `keep` holds, in order, written to the
/// front of `out`; returns how many. There is no branch per item: each
/// item is written to the next free place, and the place moves on only if
/// `keep` holds (where items are kept or dropped at random, as the pairs
/// of a pile are, a branch would be mispredicted about every other time).
/// `out` is scratch that grows to `items.len()` and keeps that length, so
/// a long list filtered afresh every step is neither copied whole first
/// nor cleared: only `out[..kept]` means anything.
pub fn keep_into<T: Copy + Default>(
    items: &[T],
    out: &mut Vec<T>,
    keep: impl Fn(T) -> bool,
) -> usize {
    if out.len() < items.len() {
        out.resize(items.len(), T::default());
    }
    write_kept(items, out, keep)
}

/// [`keep_into`] onto the end of a list that may hold items already: the
/// items of `items` for which `keep` holds go after them, in order, without
/// a branch per item, and `out` ends with the last one kept.
pub fn keep_onto<T: Copy + Default>(
    items: &[T],
    out: &mut Vec<T>,
    keep: impl Fn(T) -> bool,
) {
    let start = out.len();
    out.resize(start + items.len(), T::default());
    let kept = write_kept(items, &mut out[start..], keep);
    out.truncate(start + kept);
}

/// The kept items written to the front of `out` (at least as long as
/// `items`), each to the next free place, which moves on only if `keep`
/// holds; returns how many.
fn write_kept<T: Copy>(
    items: &[T],
    out: &mut [T],
    keep: impl Fn(T) -> bool,
) -> usize {
    let mut kept = 0;
    for &item in items {
        out[kept] = item;
        kept += usize::from(keep(item));
    }
    kept
}
