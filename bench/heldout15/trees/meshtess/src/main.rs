use std::path::PathBuf;

use anyhow::Result;
use meshtess::cache::Scratch;
use meshtess::config::Config;
use meshtess::decimate::{decimate, MtContext};
use meshtess::export::{write_manifest, write_stl, JobRecord};
use meshtess::preview::render_preview;
use meshtess::queue::JobQueue;
use meshtess::tessellate::tessellate;

fn main() -> Result<()> {
    env_logger::init();
    let path = PathBuf::from(std::env::args().nth(1).unwrap_or_else(|| "config/worker.toml".into()));
    let cfg = Config::load(&path)?;
    let ctx = MtContext::create()?;
    let mut queue = JobQueue::open(&cfg)?;
    let mut scratch = Scratch::default();
    let mut records = Vec::new();

    while let Some((job, file)) = queue.next()? {
        let mut mesh = tessellate(&job, &mut scratch)?;
        decimate(&ctx, &mut mesh, job.ratio)?;
        render_preview(&mesh, cfg.preview_size, &cfg.spool_out.join(format!("{}.ppm", job.name)))?;
        write_stl(&mesh, &cfg.spool_out.join(format!("{}.stl", job.name)))?;
        log::info!("job {} ({}): {} triangles", job.id, job.name, mesh.n_tris());
        records.push(JobRecord { id: job.id, name: job.name.clone(), tris: mesh.n_tris() });
        queue.ack(&file)?;
    }
    write_manifest(&records, &cfg.manifest)?;
    Ok(())
}
