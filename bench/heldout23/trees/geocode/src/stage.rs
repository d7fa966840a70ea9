//! Staging of query trigrams for the matcher.
use crate::arena::HostArena;
use crate::tokenize::{normalise, trigrams};
use crate::Result;

pub struct StagedQueries {
    pub trigrams: HostArena<u32>,
    pub offsets: Vec<i32>,
    pub n: usize,
}

pub fn alloc_arena<T: Copy + Default>(len: usize) -> Result<HostArena<T>> {
    HostArena::new(len.max(64))
}

/// Normalises the queries and packs their sorted trigrams into one page-locked array.
pub fn stage_queries(queries: &[String]) -> Result<StagedQueries> {
    let tri: Vec<Vec<u32>> = queries.iter().map(|q| normalise(q).map(|n| trigrams(&n))).collect::<Result<_>>()?;
    let total: usize = tri.iter().map(Vec::len).sum();
    let mut arena = alloc_arena::<u32>(total)?;
    let mut offsets = Vec::with_capacity(tri.len() + 1);
    let mut pos = 0usize;
    offsets.push(0);
    let dst = arena.as_mut_slice();
    for t in &tri {
        dst[pos..pos + t.len()].copy_from_slice(t);
        pos += t.len();
        offsets.push(pos as i32);
    }
    Ok(StagedQueries { trigrams: arena, offsets, n: tri.len() })
}
