use crate::slab::PinnedSlab;

/// zstd-compresses a DTZ table block by block; each block is staged in pinned memory so the
/// (optional) GPU entropy pass can read it.
pub fn compress_blocks(dtz: &[u8], block_len: usize) -> anyhow::Result<Vec<Vec<u8>>> {
    let mut out = Vec::with_capacity(dtz.len() / block_len + 1);
    for block in dtz.chunks(block_len) {
        let mut stage = PinnedSlab::<u8>::new(block.len())?;
        stage.as_mut_slice().copy_from_slice(block);
        out.push(zstd::bulk::compress(stage.as_slice(), 19)?);
    }
    Ok(out)
}
