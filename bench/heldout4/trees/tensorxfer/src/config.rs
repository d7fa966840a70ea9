use std::sync::{Mutex, OnceLock};

use crate::pinned::PinnedBuf;

pub const STAGING_BYTES: usize = 256 << 20;

static STAGING: OnceLock<Mutex<PinnedBuf>> = OnceLock::new();

/// Process-wide staging buffer for echo/diagnostic requests.
pub fn global_staging() -> &'static Mutex<PinnedBuf> {
    STAGING.get_or_init(|| Mutex::new(PinnedBuf::portable(STAGING_BYTES).expect("pinned staging")))
}
