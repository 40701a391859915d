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
    let mut kept = 0;
    for &item in items {
        out[kept] = item;
        kept += usize::from(keep(item));
    }
    kept
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn either_order_gives_the_pair_asked_for() {
        let mut v = [10, 20, 30];
        let (a, b) = pair_mut(&mut v, 2, 0);
        (*a, *b) = (*a + 1, *b + 2);
        assert_eq!(v, [12, 20, 31]);
        let (a, b) = two_mut(&mut v, 0, 1);
        std::mem::swap(a, b);
        assert_eq!(v, [20, 12, 31]);
    }

    #[test]
    fn keep_into_keeps_what_retain_keeps_in_order_and_keeps_its_room() {
        let items: Vec<u32> = (0..100).map(|i| (i * 37) % 101).collect();
        let mut theirs = items.clone();
        theirs.retain(|x| x % 3 != 0);
        // Scratch left from a longer list, holding other numbers.
        let mut out = vec![7; 150];
        let kept = keep_into(&items, &mut out, |x| x % 3 != 0);
        assert_eq!(&out[..kept], &theirs[..]);
        assert_eq!(out.len(), 150);
        // From empty scratch, and keeping nothing.
        let mut out = Vec::new();
        assert_eq!(keep_into(&items, &mut out, |x| x % 3 != 0), theirs.len());
        assert_eq!(&out[..theirs.len()], &theirs[..]);
        assert_eq!(keep_into(&items, &mut out, |_| false), 0);
    }
}
