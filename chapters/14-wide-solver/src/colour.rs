//! Colouring the constraint graph. Think of the moving bodies as the nodes
//! of a graph and each contact as an edge between its two bodies. A
//! *colouring* gives every edge a colour so that no two edges of one colour
//! meet at a node: no moving body is touched twice by one colour. Static
//! bodies are not nodes. A floor touched by a hundred boxes does not stop
//! their contacts sharing a colour, because no solve ever changes the floor's
//! velocity.
//!
//! The greedy rule gives each edge the lowest colour that neither of its
//! bodies already has. A body with `d` contacts can block at most `d - 1`
//! colours for each of its edges, so the greedy rule never needs more than
//! `2 d_max - 1` colours. A contact that finds every colour taken goes to
//! the *overflow*, solved one at a time.
//!
//! The colours are solved in order, and Gauss-Seidel favours what it solves
//! last: the last rows solved are the ones the pass leaves nearest to what
//! they ask. Box2D v3 gives that place to the ground. A contact with a
//! static body takes the *highest* free colour (from the top down, never
//! colour 0), a contact between two moving bodies the lowest free one of
//! the first [`DYNAMIC_COLOURS`] (which leaves the top colours to the
//! ground); and the overflow, at the lowest priority, is solved first.

/// How many colours there are: Box2D v3's 24 slots, the last of them its
/// overflow. A box in a pyramid touches at most six others (two below,
/// two above, one each side), so a pyramid needs at most `2 * 6 - 1 = 11`.
pub const COLOURS: usize = 23;

/// The colours a contact between two moving bodies may take, the lowest
/// (Box2D v3's `B2_DYNAMIC_COLOR_COUNT`): the ones above are the ground's.
pub const DYNAMIC_COLOURS: usize = 20;

/// The colour of a constraint that did not fit: solved one at a time.
pub const OVERFLOW: u8 = u8::MAX;

/// Each constraint's colour, and how many each colour holds.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Colouring {
    /// Per constraint, its colour, or [`OVERFLOW`].
    pub colours: Vec<u8>,
    /// How many constraints each colour holds.
    pub counts: [usize; COLOURS],
    /// How many constraints went to the overflow.
    pub overflow: usize,
}

impl Colouring {
    /// How many colours hold at least one constraint.
    pub fn used(&self) -> usize {
        self.counts.iter().filter(|&&n| n > 0).count()
    }

    /// The constraints colour by colour: colour 0's, in their own order,
    /// then colour 1's, and so on; the overflow last.
    pub fn order(&self) -> Vec<usize> {
        let mut order = Vec::new();
        self.order_into(|_| false, &mut order);
        order
    }

    /// [`Colouring::order`] into `order` (keeping its room), with the
    /// constraints for which `later(k)` holds after the others of their
    /// colour. A counting sort: each group's start is the sum of the
    /// groups' sizes before it, and each group keeps the constraints' order.
    pub fn order_into(
        &self,
        later: impl Fn(usize) -> bool,
        order: &mut Vec<usize>,
    ) {
        let group = |k: usize| {
            2 * (self.colours[k] as usize).min(COLOURS) + usize::from(later(k))
        };
        let mut next = [0usize; 2 * (COLOURS + 1) + 1];
        for k in 0..self.colours.len() {
            next[group(k) + 1] += 1;
        }
        for g in 1..next.len() {
            next[g] += next[g - 1];
        }
        order.clear();
        order.resize(self.colours.len(), 0);
        for k in 0..self.colours.len() {
            let slot = &mut next[group(k)];
            order[*slot] = k;
            *slot += 1;
        }
    }
}

// ANCHOR: colour
/// Colour the constraints `pairs` (body indices) over bodies of which
/// `movable[i]` says which can move. `previous(k)` is the colour the same
/// contact had last step, if it existed. Contacts that had a colour claim
/// it first, while it is still free, so colours (and the order rows are
/// solved in) stay the same from step to step while the contacts do; then
/// new contacts, and ones whose colour was taken, get a free one: the
/// lowest of the dynamic colours between two moving bodies (with
/// `balance`, the one holding the fewest so far: [`least_used`]), the
/// highest against a static body.
pub fn colour(
    pairs: &[(usize, usize)],
    movable: &[bool],
    previous: impl Fn(usize) -> Option<u8>,
    balance: bool,
) -> Colouring {
    // Each moving body's colours so far, one bit per colour; and how many
    // constraints each colour holds so far.
    let mut used = vec![0u32; movable.len()];
    let mut counts = [0usize; COLOURS];
    let mut colours: Vec<Option<u8>> = vec![None; pairs.len()];
    let taken = |used: &[u32], (a, b): (usize, usize)| {
        let mask = |i: usize| if movable[i] { used[i] } else { 0 };
        mask(a) | mask(b)
    };
    let mark = |used: &mut [u32],
                counts: &mut [usize; COLOURS],
                (a, b): (usize, usize),
                c: u8| {
        for i in [a, b] {
            if movable[i] && c != OVERFLOW {
                used[i] |= 1 << c;
            }
        }
        if let Some(n) = counts.get_mut(c as usize) {
            *n += 1;
        }
    };
    // Which colours a contact may take: a contact with a static body
    // (or one that cannot move) any but the first, one between two moving
    // bodies the dynamic ones.
    let allowed = |(a, b): (usize, usize)| match movable[a] && movable[b] {
        true => DYNAMIC,
        false => STATIC,
    };
    // 1. Last step's colours, where still free and still allowed.
    for (k, slot) in colours.iter_mut().enumerate() {
        if let Some(c) = previous(k).filter(|&c| (c as usize) < COLOURS)
            && (taken(&used, pairs[k]) | !allowed(pairs[k])) & (1 << c) == 0
        {
            mark(&mut used, &mut counts, pairs[k], c);
            *slot = Some(c);
        }
    }
    // 2. The rest: the lowest free dynamic colour, or the highest free one
    // against a static body, or the overflow.
    for (k, slot) in colours.iter_mut().enumerate() {
        if slot.is_none() {
            let taken = taken(&used, pairs[k]) | !allowed(pairs[k]);
            let c = match allowed(pairs[k]) {
                DYNAMIC if balance => least_used(taken, &counts),
                DYNAMIC => first_free(taken),
                _ => last_free(taken),
            };
            mark(&mut used, &mut counts, pairs[k], c);
            *slot = Some(c);
        }
    }
    let mut out = Colouring {
        colours: colours.into_iter().map(|c| c.unwrap_or(OVERFLOW)).collect(),
        ..Colouring::default()
    };
    for &c in &out.colours {
        match c {
            OVERFLOW => out.overflow += 1,
            c => out.counts[c as usize] += 1,
        }
    }
    out
}
// ANCHOR_END: colour

/// The colours a contact between two moving bodies may take, one bit each.
const DYNAMIC: u32 = (1 << DYNAMIC_COLOURS) - 1;
/// The colours a contact with a static body may take: all but the first.
const STATIC: u32 = ((1 << COLOURS) - 1) & !1;

/// The highest colour not in `taken`, or [`OVERFLOW`] if every colour is.
pub fn last_free(taken: u32) -> u8 {
    let free = !taken & ((1 << COLOURS) - 1);
    match free {
        0 => OVERFLOW,
        _ => (31 - free.leading_zeros()) as u8,
    }
}

#[cfg(feature = "exercises")]
pub use crate::exercises::first_free;
#[cfg(not(feature = "exercises"))]
// ANCHOR: first_free
// ANCHOR: first_free_signature
/// The lowest colour not in `taken` (one bit per colour), or [`OVERFLOW`]
/// if all [`COLOURS`] are taken.
pub fn first_free(taken: u32) -> u8 {
    // ANCHOR_END: first_free_signature
    // The lowest clear bit of `taken` is the lowest set bit of `!taken`.
    let c = (!taken).trailing_zeros() as usize;
    if c < COLOURS { c as u8 } else { OVERFLOW }
}
// ANCHOR_END: first_free

#[cfg(feature = "exercises")]
pub use crate::exercises::least_used;
#[cfg(not(feature = "exercises"))]
// ANCHOR: least_used
// ANCHOR: least_used_signature
/// Of the colours not in `taken` (one bit per colour), the one that holds
/// the fewest constraints so far (`counts`), the lowest of a tie; or
/// [`OVERFLOW`] if all [`COLOURS`] are taken.
pub fn least_used(taken: u32, counts: &[usize; COLOURS]) -> u8 {
    // ANCHOR_END: least_used_signature
    let free = (0..COLOURS).filter(|&c| taken & (1 << c) == 0);
    // `min_by_key` keeps the first of equal keys: the lowest colour.
    free.min_by_key(|&c| counts[c]).map_or(OVERFLOW, |c| c as u8)
}
// ANCHOR_END: least_used
