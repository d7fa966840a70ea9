use std::sync::OnceLock;

use crate::ffi::SearchError;
use crate::pinned::PinnedBuf;

static DICT: OnceLock<PinnedBuf> = OnceLock::new();

/// Shared zstd-style dictionary for compressed segments, pinned on first use.
pub fn dictionary() -> &'static PinnedBuf {
    DICT.get_or_init(|| {
        let mut d = PinnedBuf::new(1 << 20).expect("dictionary");
        for (i, b) in d.as_mut_slice().iter_mut().enumerate() {
            *b = (i % 251) as u8;
        }
        d
    })
}

/// Per-connection decoder whose output buffer only grows.
#[derive(Default)]
pub struct Decoder {
    out: Option<PinnedBuf>,
}

impl Decoder {
    pub fn decode<'a>(&'a mut self, frame: &[u8]) -> Result<&'a [u8], SearchError> {
        let need = frame.len() * 4;
        if self.out.as_ref().map_or(true, |b| b.len() < need) {
            self.out = Some(PinnedBuf::new(need.next_power_of_two())?);
        }
        let out = self.out.as_mut().unwrap().as_mut_slice();
        let dict = dictionary().as_slice();
        for (i, b) in frame.iter().enumerate() {
            for k in 0..4 {
                out[4 * i + k] = b ^ dict[(4 * i + k) % dict.len()];
            }
        }
        Ok(&out[..need])
    }
}
