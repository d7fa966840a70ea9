//! Matching and ranking shared by the TCP service and the bulk tool.
use serde::{Deserialize, Serialize};

use crate::arena::HostArena;
use crate::cache::ResultCache;
use crate::ffi::{gm_match_batch, gm_score_candidates};
use crate::index::Index;
use crate::stage::stage_queries;
use crate::{GeoError, Result};

const N_FEATURES: usize = 8;

#[derive(Debug, Deserialize)]
pub struct GeocodeRequest {
    pub trace_id: String,
    pub country: String,
    pub queries: Vec<String>,
}

#[derive(Debug, Serialize, Clone)]
pub struct Match {
    pub query: usize,
    pub street: i32,
    pub name: String,
    pub score: f32,
}

pub struct Engine {
    pub index: Index,
    cache: ResultCache,
    top_k: usize,
}

impl Engine {
    pub fn new(index: Index, top_k: usize) -> Self {
        Self { index, cache: ResultCache::default(), top_k }
    }

    /// Best street per query; candidates from the trigram matcher, re-scored by overlap.
    pub fn match_rows(&mut self, queries: &[String], country: &str) -> Result<(Vec<Match>, Vec<i32>)> {
        let staged = stage_queries(queries)?;
        let k = self.top_k;
        let mut ids = vec![-1i32; staged.n * k];
        let mut scores = vec![0f32; staged.n * k];
        let rc = unsafe {
            gm_match_batch(self.index.ctx, staged.trigrams.as_ptr(), staged.offsets.as_ptr(), staged.n as i32,
                           ids.as_mut_ptr(), scores.as_mut_ptr())
        };
        if rc != 0 {
            return Err(GeoError::Matcher(rc));
        }
        let mut rescored = vec![0f32; staged.n * k];
        let rc = unsafe {
            gm_score_candidates(self.index.ctx, ids.as_ptr(), staged.n as i32, k as i32, staged.trigrams.as_ptr(),
                                staged.offsets.as_ptr(), rescored.as_mut_ptr())
        };
        if rc != 0 {
            return Err(GeoError::Matcher(rc));
        }
        let prior = self.cache.prior_for(country, self.index.n_streets)?;
        let prior = prior.as_slice();
        let mut out = Vec::with_capacity(staged.n);
        for q in 0..staged.n {
            let (best, score) = (0..k)
                .filter(|j| ids[q * k + j] >= 0)
                .map(|j| {
                    let s = ids[q * k + j];
                    (s, scores[q * k + j] + 0.1 * rescored[q * k + j] + prior[s as usize])
                })
                .fold((-1, f32::MIN), |a, b| if b.1 > a.1 { b } else { a });
            let name = if best >= 0 { self.index.names.get(best as usize).cloned().unwrap_or_default() } else { String::new() };
            out.push(Match { query: q, street: best, name, score });
        }
        Ok((out, ids))
    }

    pub fn geocode(&mut self, req: &GeocodeRequest) -> Result<Vec<Match>> {
        let (matches, ids) = self.match_rows(&req.queries, &req.country)?;
        let kept = self.cache.results_for(&req.trace_id, ids.len())?;
        kept.as_mut_slice()[..ids.len()].copy_from_slice(&ids);
        Ok(matches)
    }

    /// Feature breakdown of every kept candidate of an earlier request (GET /trace/<id>).
    pub fn explain(&mut self, trace_id: &str) -> Result<Vec<(i32, Vec<f32>)>> {
        let ids: Vec<i32> = self.cache.lookup(trace_id)?.to_vec();
        let mut out = Vec::new();
        for street in ids.into_iter().filter(|s| *s >= 0) {
            let mut feats = HostArena::<f32>::new(N_FEATURES)?;
            let f = feats.as_mut_slice();
            let name = self.index.names.get(street as usize).map(String::as_str).unwrap_or("");
            f[0] = name.len() as f32;
            f[1] = name.split(' ').count() as f32;
            f[2] = name.bytes().filter(u8::is_ascii_digit).count() as f32;
            f[3] = street as f32 / self.index.n_streets.max(1) as f32;
            out.push((street, feats.as_slice().to_vec()));
        }
        Ok(out)
    }
}
