use std::path::Path;
use std::time::Duration;

use crate::cuda;
use crate::gcode::{ArcFitter, GcodeWriter, PostProcessor, PressureAdvance};
use crate::mesh::load_stl;
use crate::slice::{slice_job, Job};
use crate::toolpath::Planner;

/// Polls a spool directory for `*.job.json` files and slices each one.
pub fn run_spool(dir: &Path, max_layers: i32) -> anyhow::Result<()> {
    let ctx = unsafe { cuda::sl_init(max_layers) };
    anyhow::ensure!(!ctx.is_null(), "sl_init failed");
    let profile = [0.4f32, 0.2, 210.0, 60.0];
    let rc = unsafe { cuda::sl_load_profile(ctx, profile.as_ptr(), profile.len() as i32) };
    cuda::ok(rc, "sl_load_profile")?;
    let mut planner = Planner::new(ctx);
    let mut writer = GcodeWriter::new(64 << 20)?;
    let mut post: Vec<Box<dyn PostProcessor>> = vec![Box::new(ArcFitter { tolerance: 0.02 }), Box::new(PressureAdvance)];
    loop {
        for entry in std::fs::read_dir(dir)? {
            let path = entry?.path();
            if !path.to_string_lossy().ends_with(".job.json") {
                continue;
            }
            let job: Job = serde_json::from_slice(&std::fs::read(&path)?)?;
            let mesh = load_stl(&job.stl)?;
            let gcode = slice_job(ctx, &mesh, &job, &mut planner, &mut post)?;
            writer.write(Path::new(&job.out), &gcode)?;
            std::fs::rename(&path, path.with_extension("done"))?;
        }
        std::thread::sleep(Duration::from_millis(500));
    }
}
