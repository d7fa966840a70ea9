mod checkpoint;
mod config;
mod dedup;
mod extract;
mod ffi;
mod frontier;
mod pinned;
mod robots;
mod scoring;
mod simhash;

use std::ffi::CString;

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let cfg = config::Config::load(&std::env::args().nth(1).unwrap_or("crawl.toml".into()))?;
    ffi::ok(unsafe { ffi::cf_bloom_init(cfg.bloom_bits) }, "bloom init")?;
    let snap = CString::new(cfg.snapshot.clone())?;
    if std::path::Path::new(&cfg.snapshot).exists() {
        ffi::ok(unsafe { ffi::cf_load_snapshot(snap.as_ptr()) }, "load snapshot")?;
    }
    let frontier = frontier::Frontier::new(&cfg.seeds, cfg.slab_count, cfg.slab_bytes)?;
    let client = reqwest::Client::new();
    let mut score = scoring::make_scorer(vec![0.5, 0.3, 0.2]);
    let mut seen_hashes: Vec<u64> = Vec::new();
    let mut round = 0u64;
    loop {
        let batch: Vec<String> = {
            let mut q = frontier.queue.lock().unwrap();
            (0..cfg.batch).filter_map(|_| q.pop_front()).collect()
        };
        if batch.is_empty() {
            break;
        }
        let mut bodies = Vec::with_capacity(batch.len());
        for u in &batch {
            if !robots::allowed(u) {
                continue;
            }
            if let Ok(r) = client.get(u).send().await {
                bodies.push((u.clone(), r.bytes().await.map(|b| b.to_vec()).unwrap_or_default()));
            }
        }
        let mut pages: Vec<Vec<u8>> = bodies.iter().map(|(_, b)| b.clone()).collect();
        let prints = simhash::fingerprints(&mut pages)?;
        let _priority = score(&pages)?;
        let mut found = Vec::new();
        for ((u, body), fp) in bodies.iter().zip(prints) {
            if seen_hashes.iter().any(|&h| simhash::near_duplicate(h, fp)) {
                continue;
            }
            seen_hashes.push(fp);
            if let Some(slab) = frontier.take_slab() {
                frontier.give_slab(slab);
            }
            found.extend(extract::links(&url::Url::parse(u)?, body)?);
        }
        let fresh = dedup::filter_new(found)?;
        frontier.queue.lock().unwrap().extend(fresh);
        round += 1;
        if round % cfg.checkpoint_every == 0 {
            checkpoint::write_checkpoint("frontier.ckpt", frontier.serialise_urls()?)?;
        }
    }
    ffi::ok(unsafe { ffi::cf_save_snapshot(snap.as_ptr()) }, "save snapshot")?;
    Ok(())
}
