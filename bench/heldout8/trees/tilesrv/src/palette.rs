use std::sync::OnceLock;

use cust::memory::LockedBuffer;

static PALETTE: OnceLock<LockedBuffer<u32>> = OnceLock::new();

pub fn palette() -> &'static LockedBuffer<u32> {
    PALETTE.get_or_init(|| {
        let mut p = LockedBuffer::new(&0u32, 256).expect("pinned palette");
        for (i, c) in p.iter_mut().enumerate() {
            *c = 0xff00_0000 | ((i as u32) << 16) | ((255 - i as u32) << 8);
        }
        p
    })
}
