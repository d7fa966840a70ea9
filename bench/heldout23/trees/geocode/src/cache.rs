//! Result and prior tables kept between requests.
use std::collections::hash_map::Entry;
use std::collections::HashMap;

use crate::arena::HostArena;
use crate::stage::alloc_arena;
use crate::{GeoError, Result};

#[derive(Default)]
pub struct ResultCache {
    /// top-k street ids of each request, kept so GET /trace/<id> can show the candidates
    by_trace: HashMap<String, HostArena<i32>>,
    /// street prior (population-weighted) per country code
    by_country: HashMap<String, HostArena<f32>>,
}

impl ResultCache {
    pub fn results_for(&mut self, trace_id: &str, n: usize) -> Result<&mut HostArena<i32>> {
        Ok(match self.by_trace.entry(trace_id.to_owned()) {
            Entry::Occupied(e) => e.into_mut(),
            Entry::Vacant(v) => v.insert(alloc_arena(n)?),
        })
    }

    pub fn prior_for(&mut self, country: &str, n_streets: usize) -> Result<&mut HostArena<f32>> {
        Ok(match self.by_country.entry(country.to_ascii_uppercase()) {
            Entry::Occupied(e) => e.into_mut(),
            Entry::Vacant(v) => {
                let mut prior = alloc_arena::<f32>(n_streets)?;
                prior.as_mut_slice().fill(1.0 / n_streets.max(1) as f32);
                v.insert(prior)
            }
        })
    }

    pub fn lookup(&self, trace_id: &str) -> Result<&[i32]> {
        self.by_trace
            .get(trace_id)
            .map(|a| a.as_slice())
            .ok_or_else(|| GeoError::Request(format!("unknown trace id {trace_id}")))
    }
}
