//! Nested-archive handling: each archive member is scanned in place.
use crate::engine::Engine;
use crate::matchers::Hit;
use crate::pinned::Registered;

pub fn scan_archive(engine: &mut Engine, body: &mut [u8]) -> anyhow::Result<Vec<Hit>> {
    let reg = Registered::new(body)?;
    let bytes = reg.bytes();
    let mut hits = Vec::new();
    let mut off = 0;
    while off + 8 <= bytes.len() {
        let len = u32::from_le_bytes(bytes[off + 4..off + 8].try_into()?) as usize;
        let end = (off + 8 + len).min(bytes.len());
        hits.extend(engine.scan_all(&bytes[off + 8..end])?);
        off = end;
    }
    Ok(hits)
}

pub fn warmup(engine: &mut Engine) -> anyhow::Result<()> {
    let mut probe = vec![0u8; 1 << 20];
    let reg = Registered::new(&mut probe)?;
    engine.scan_all(reg.bytes())?;
    Ok(())
}
