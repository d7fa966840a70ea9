use crate::ffi;
use std::hash::{Hash, Hasher};

fn url_hash(u: &str) -> u64 {
    let mut h = std::collections::hash_map::DefaultHasher::new();
    u.trim_end_matches('/').to_ascii_lowercase().hash(&mut h);
    h.finish()
}

/// Keep only URLs the Bloom filter has not seen, inserting them as a side effect.
pub fn filter_new(urls: Vec<String>) -> anyhow::Result<Vec<String>> {
    let hashes: Vec<u64> = urls.iter().map(|u| url_hash(u)).collect();
    let mut seen = vec![0u8; urls.len()];
    ffi::ok(unsafe { ffi::cf_bloom_test_insert(hashes.as_ptr(), hashes.len(), seen.as_mut_ptr()) }, "bloom")?;
    Ok(urls.into_iter().zip(seen).filter(|(_, s)| *s == 0).map(|(u, _)| u).collect())
}
