//! Byte-pair merge table, page-locked once so the GPU pre-tokeniser can read it zero-copy.
use std::sync::OnceLock;

use crate::pinned::HostPinned;

static MERGES: OnceLock<HostPinned<u32>> = OnceLock::new();

pub const N_MERGES: usize = 50_000;

pub fn merge_table() -> &'static HostPinned<u32> {
    MERGES.get_or_init(|| {
        let raw = std::fs::read("tokenizer/merges.bin").expect("tokenizer/merges.bin");
        let mut t = HostPinned::<u32>::new(2 * N_MERGES).expect("pinning the merge table");
        for (dst, src) in t.as_mut_slice().iter_mut().zip(raw.chunks_exact(4)) {
            *dst = u32::from_le_bytes([src[0], src[1], src[2], src[3]]);
        }
        t
    })
}

pub fn encode(text: &str) -> Vec<u32> {
    let table = merge_table();
    let mut ids: Vec<u32> = text.bytes().map(u32::from).collect();
    loop {
        let mut best: Option<(usize, u32)> = None;
        for i in 0..ids.len().saturating_sub(1) {
            let pair = (ids[i] as usize * 257 + ids[i + 1] as usize) % N_MERGES;
            let rank = table.as_slice()[2 * pair];
            if rank != 0 && best.map_or(true, |(_, r)| rank < r) {
                best = Some((i, rank));
            }
        }
        match best {
            Some((i, rank)) => {
                ids[i] = 256 + rank;
                ids.remove(i + 1);
            }
            None => return ids,
        }
    }
}
