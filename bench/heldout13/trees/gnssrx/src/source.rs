use std::fs::File;
use std::io::{BufReader, Read};
use std::path::Path;

use crate::pinned::PinnedSamples;
use crate::GnssError;

/// Interleaved int8 IQ recordings (the format most front-ends write), converted to f32 chunks.
pub struct SampleSource {
    reader: BufReader<File>,
    chunk_len: usize,
    raw: Vec<i8>,
}

impl SampleSource {
    pub fn open(path: &Path, chunk_len: usize) -> Result<Self, GnssError> {
        Ok(Self { reader: BufReader::with_capacity(1 << 20, File::open(path)?), chunk_len, raw: vec![0; 2 * chunk_len] })
    }

    pub fn next_chunk(&mut self) -> Result<Option<PinnedSamples>, GnssError> {
        let mut buf = PinnedSamples::new(self.chunk_len)?;
        let bytes: &mut [u8] = unsafe { std::slice::from_raw_parts_mut(self.raw.as_mut_ptr().cast(), self.raw.len()) };
        match self.reader.read_exact(bytes) {
            Ok(()) => {}
            Err(e) if e.kind() == std::io::ErrorKind::UnexpectedEof => return Ok(None),
            Err(e) => return Err(e.into()),
        }
        for (s, iq) in buf.as_mut_slice().iter_mut().zip(self.raw.chunks_exact(2)) {
            s.re = iq[0] as f32;
            s.im = iq[1] as f32;
        }
        Ok(Some(buf))
    }
}
