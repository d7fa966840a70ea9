use cust::memory::LockedBuffer;

pub struct Packed {
    pub bytes: Vec<u8>,
    pub offsets: Vec<u32>,
}

pub fn pack(words: &[String]) -> Packed {
    let mut bytes = Vec::with_capacity(words.len() * 10);
    let mut offsets = Vec::with_capacity(words.len() + 1);
    offsets.push(0);
    for w in words {
        bytes.extend_from_slice(w.as_bytes());
        offsets.push(bytes.len() as u32);
    }
    Packed { bytes, offsets }
}

/// Splits a batch into kernel-sized chunks and stages each chunk in its own pinned buffer.
pub fn pin_chunks(words: &[String], chunk: usize) -> cust::error::CudaResult<Vec<LockedBuffer<u8>>> {
    words
        .chunks(chunk)
        .map(|c| LockedBuffer::from_slice(&pack(c).bytes))
        .collect()
}

pub fn batches(path: &str, batch: usize) -> anyhow::Result<impl Iterator<Item = Vec<String>>> {
    let text = std::fs::read_to_string(path)?;
    let words: Vec<String> = text.lines().map(str::to_owned).collect();
    Ok(words.chunks(batch).map(|c| c.to_vec()).collect::<Vec<_>>().into_iter())
}
