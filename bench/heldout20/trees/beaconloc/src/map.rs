use std::os::raw::c_void;
use std::path::Path;

use bytemuck::{Pod, Zeroable};
use cust::memory::{AsyncCopyDestination, DeviceBuffer};
use cust::stream::Stream;
use cust::DeviceCopy;

use crate::ffi;

#[repr(C)]
#[derive(Clone, Copy, Debug, Default, DeviceCopy, Pod, Zeroable)]
pub struct Segment {
    pub a: [f32; 2],
    pub b: [f32; 2],
    pub floor: u32,
    pub attenuation_db: f32,
}

pub struct Floorplan {
    pub floors: u32,
    pub width_m: f32,
    pub height_m: f32,
    pub walls: Vec<Segment>,
}

const MAGIC: &[u8; 8] = b"FPLAN002";
const HEADER: usize = 32;

struct Header {
    floors: u32,
    width_m: f32,
    height_m: f32,
    n_segments: usize,
}

fn parse_header(bytes: &[u8]) -> anyhow::Result<Header> {
    anyhow::ensure!(bytes.len() >= HEADER, "floorplan shorter than its header");
    anyhow::ensure!(&bytes[..8] == MAGIC, "not a FPLAN002 file");
    let u = |o: usize| u32::from_le_bytes(bytes[o..o + 4].try_into().unwrap());
    let f = |o: usize| f32::from_le_bytes(bytes[o..o + 4].try_into().unwrap());
    let n_segments = u(20) as usize;
    anyhow::ensure!(
        HEADER + n_segments * std::mem::size_of::<Segment>() <= bytes.len(),
        "floorplan truncated: {n_segments} segments announced"
    );
    Ok(Header { floors: u(8), width_m: f(12), height_m: f(16), n_segments })
}

/// Reads the wall segments and uploads them; the file buffer is registered for the
/// duration of the upload so the copy is a single DMA.
pub fn load_floorplan(path: &Path, stream: &Stream) -> anyhow::Result<(Floorplan, DeviceBuffer<Segment>)> {
    let mut bytes = std::fs::read(path)?;
    let p = bytes.as_mut_ptr().cast::<c_void>();
    ffi::check(
        unsafe { ffi::cuMemHostRegister_v2(p, bytes.len(), ffi::CU_MEMHOSTREGISTER_READ_ONLY) },
        "register floorplan",
    )?;
    let hdr = parse_header(&bytes)?;
    let body = &bytes[HEADER..HEADER + hdr.n_segments * std::mem::size_of::<Segment>()];
    let segs: Vec<Segment> = bytemuck::pod_collect_to_vec(body);
    let mut dev = DeviceBuffer::zeroed(segs.len().max(1))?;
    unsafe { dev.index(..segs.len()).async_copy_from(&segs[..], stream)? };
    stream.synchronize()?;
    ffi::check(unsafe { ffi::cuMemHostUnregister(p) }, "unregister floorplan")?;
    let plan = Floorplan { floors: hdr.floors, width_m: hdr.width_m, height_m: hdr.height_m, walls: segs };
    Ok((plan, dev))
}
