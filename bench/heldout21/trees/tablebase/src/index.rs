use std::cell::RefCell;
use std::sync::OnceLock;

use crate::slab::PinnedSlab;

static BINOMIAL: OnceLock<PinnedSlab<u64>> = OnceLock::new();

pub fn binomial() -> &'static PinnedSlab<u64> {
    BINOMIAL.get_or_init(|| {
        let mut t = PinnedSlab::new(65 * 7).expect("binomial slab");
        let s = t.as_mut_slice();
        for n in 0..65 {
            s[n * 7] = 1;
            for k in 1..7 {
                s[n * 7 + k] = if n == 0 { 0 } else { s[(n - 1) * 7 + k - 1] + s[(n - 1) * 7 + k] };
            }
        }
        t
    })
}

thread_local! {
    static SCRATCH: RefCell<Option<PinnedSlab<u64>>> = const { RefCell::new(None) };
}

/// Runs `f` with a thread-local pinned scratch of at least `n` entries.
pub fn with_scratch<R>(n: usize, f: impl FnOnce(&mut [u64]) -> R) -> R {
    SCRATCH.with(|cell| {
        let mut slot = cell.borrow_mut();
        if slot.as_ref().map_or(true, |s| s.len() < n) {
            *slot = Some(PinnedSlab::new(n.next_power_of_two()).expect("scratch slab"));
        }
        f(&mut slot.as_mut().unwrap().as_mut_slice()[..n])
    })
}

/// Index of a position (piece squares, side to move) in a table of `n_pieces` pieces.
pub fn encode(squares: &[u8], n_pieces: usize) -> u64 {
    let b = binomial().as_slice();
    let mut idx = 0u64;
    for (i, &sq) in squares.iter().take(n_pieces).enumerate() {
        idx += b[sq as usize * 7 + (i + 1).min(6)];
    }
    idx
}
