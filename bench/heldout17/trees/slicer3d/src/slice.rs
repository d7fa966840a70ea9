use crate::cuda;
use crate::gcode::PostProcessor;
use crate::infill::Region;
use crate::mesh::Mesh;
use crate::toolpath::Planner;

#[derive(serde::Deserialize)]
pub struct Job {
    pub stl: String,
    pub layer_height: f32,
    pub out: String,
}

pub fn slice_job(
    ctx: *mut cuda::SlCtx,
    mesh: &Mesh,
    job: &Job,
    planner: &mut Planner,
    post: &mut [Box<dyn PostProcessor>],
) -> anyhow::Result<Vec<u8>> {
    let n_layers = (mesh.z_max / job.layer_height).ceil() as i32;
    let mut counts = vec![0u32; n_layers as usize];
    let rc = unsafe {
        cuda::sl_slice_layers(ctx, mesh.tris.as_ptr(), mesh.tris.len() / 9, 0.0, job.layer_height, n_layers,
                              counts.as_mut_ptr())
    };
    cuda::ok(rc, "sl_slice_layers")?;
    let mut gcode = Vec::new();
    for (layer, &segs) in counts.iter().enumerate() {
        let loops = vec![0f32; 2 * segs as usize];
        let regions = vec![Region { outline: vec![[0.0, 0.0]; segs as usize], density: 0.2 }];
        let moves = planner.plan_layer(&loops, &[segs as i32], &regions)?;
        gcode.extend_from_slice(format!(";LAYER:{layer} moves={}\n", moves.len()).as_bytes());
    }
    for p in post.iter_mut() {
        p.process(&mut gcode)?;
    }
    Ok(gcode)
}
