//! One-shot: print the rule words of a signature database, staged through pinned memory.
use cust::memory::LockedBuffer;

fn main() -> anyhow::Result<()> {
    let _ctx = cust::quick_init()?;
    let path = std::env::args().nth(1).expect("usage: dump_sigs <db>");
    let bytes = std::fs::read(path)?;
    let pinned = LockedBuffer::from_slice(&bytes)?;
    for (i, w) in pinned.chunks_exact(4).enumerate().take(64) {
        println!("{i:4} {:08x}", u32::from_le_bytes([w[0], w[1], w[2], w[3]]));
    }
    Ok(())
}
