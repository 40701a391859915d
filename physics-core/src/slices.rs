//! Two bodies of one slice borrowed at once: every pair solver needs both mutably.

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
}
