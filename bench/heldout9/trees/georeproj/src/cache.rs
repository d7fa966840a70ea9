use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

use cust::memory::LockedBuffer;

use crate::ffi::GeoError;

static DATUM_SHIFTS: OnceLock<LockedBuffer<f64>> = OnceLock::new();

/// Helmert parameters for the 64 supported datums, pinned on first use.
pub fn datum_shifts() -> &'static LockedBuffer<f64> {
    DATUM_SHIFTS.get_or_init(|| LockedBuffer::new(&0.0f64, 7 * 64).expect("datum table"))
}

/// Projection coefficients per EPSG code; a server sees a few dozen codes at most.
#[derive(Default)]
pub struct ProjCache {
    inner: Mutex<HashMap<u32, Arc<LockedBuffer<f64>>>>,
}

impl ProjCache {
    pub fn coeffs(&self, epsg: u32) -> Result<Arc<LockedBuffer<f64>>, GeoError> {
        let mut map = self.inner.lock().unwrap();
        if let Some(c) = map.get(&epsg) {
            return Ok(Arc::clone(c));
        }
        let c = Arc::new(LockedBuffer::new(&0.0f64, 16)?);
        map.insert(epsg, Arc::clone(&c));
        Ok(c)
    }
}
