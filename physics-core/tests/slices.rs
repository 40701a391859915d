use physics_core::slices::*;

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

#[test]
fn keep_onto_keeps_what_retain_keeps_after_what_was_there() {
    let items: Vec<u32> = (0..100).map(|i| (i * 37) % 101).collect();
    let mut theirs = items.clone();
    theirs.retain(|x| x % 3 != 0);
    let mut out = vec![7, 8];
    keep_onto(&items, &mut out, |x| x % 3 != 0);
    assert_eq!(&out[..2], &[7, 8]);
    assert_eq!(&out[2..], &theirs[..]);
    keep_onto(&items, &mut out, |_| false);
    assert_eq!(out.len(), 2 + theirs.len(), "keeping nothing adds nothing");
}
