use std::os::raw::c_void;

use crate::cuda;

pub struct Mesh {
    pub tris: Vec<f32>,
    pub z_max: f32,
}

fn parse_facets(bytes: &[u8], out: &mut [f32]) -> anyhow::Result<()> {
    anyhow::ensure!(bytes.len() >= 84, "binary STL shorter than its header");
    let n = u32::from_le_bytes(bytes[80..84].try_into()?) as usize;
    anyhow::ensure!(bytes.len() >= 84 + 50 * n, "STL truncated: {n} facets announced");
    for f in 0..n {
        let rec = &bytes[84 + 50 * f + 12..84 + 50 * f + 48];
        for k in 0..9 {
            out[9 * f + k] = f32::from_le_bytes(rec[4 * k..4 * k + 4].try_into()?);
        }
    }
    Ok(())
}

/// Loads a binary STL straight into a registered vector (the slicer uploads it asynchronously).
pub fn load_stl(path: &str) -> anyhow::Result<Mesh> {
    let bytes = std::fs::read(path)?;
    let n = if bytes.len() >= 84 { u32::from_le_bytes(bytes[80..84].try_into()?) as usize } else { 0 };
    let mut tris = vec![0f32; 9 * n];
    let rc = unsafe { cuda::cudaHostRegister(tris.as_mut_ptr() as *mut c_void, tris.len() * 4, cuda::CUDA_HOST_REGISTER_DEFAULT) };
    cuda::ok(rc, "cudaHostRegister")?;
    parse_facets(&bytes, &mut tris)?;
    unsafe { cuda::cudaHostUnregister(tris.as_mut_ptr() as *mut c_void) };
    let z_max = tris.chunks(3).map(|v| v[2]).fold(0f32, f32::max);
    Ok(Mesh { tris, z_max })
}
