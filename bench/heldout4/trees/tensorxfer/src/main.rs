use std::collections::HashMap;
use std::fs::{self, OpenOptions};
use std::net::TcpListener;
use std::path::PathBuf;
use std::sync::Arc;

use cust::memory::DeviceBuffer;
use tensorxfer::{loader, pool, readback, register, server, upload};

fn read_f32(path: &str) -> std::io::Result<Vec<f32>> {
    let bytes = fs::read(path)?;
    Ok(bytes.chunks_exact(4).map(|c| f32::from_le_bytes(c.try_into().unwrap())).collect())
}

fn env_list(name: &str) -> Vec<String> {
    std::env::var(name).unwrap_or_default().split(':').filter(|s| !s.is_empty()).map(String::from).collect()
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let addr = std::env::args().nth(1).unwrap_or_else(|| "0.0.0.0:7070".to_string());
    let _ctx = cust::quick_init()?;

    let pool = Arc::new(pool::BufferPool::new(16, 8 << 20)?);

    let mut preload = HashMap::new();
    for p in env_list("TXF_PRELOAD") {
        let path = PathBuf::from(&p);
        let t = loader::load_owned(&path).map_err(|e| format!("{e:?}"))?;
        preload.insert(path, t);
    }

    let mut shards = Vec::new();
    for p in env_list("TXF_SHARDS") {
        let file = OpenOptions::new().read(true).write(true).open(&p)?;
        let mut map = unsafe { memmap2::MmapMut::map_mut(&file)? };
        match register::register_shard(&mut map) {
            Ok((reg, hdr)) => shards.push((map, reg, hdr)),
            Err(e) => eprintln!("skipping shard {p}: {e:?}"),
        }
    }

    let mut scratch = vec![0u8; 64 << 20];
    let scratch_reg = register::HostRegistration::new(&mut scratch)?;

    let mut uploader = upload::Uploader::new(1 << 20)?;
    if let Ok(p) = std::env::var("TXF_WARM") {
        let data = read_f32(&p)?;
        let mut dst = DeviceBuffer::<f32>::zeroed(data.len())?;
        upload::upload_chunks(uploader.stream(), &data, &mut dst, 1 << 20)?;
        uploader.upload(&data, &mut dst)?;
    }

    let rb = readback::ReadbackService::new(0, 1 << 30)?;
    let srv = server::Server::new(pool, std::ptr::null_mut(), rb);
    eprintln!("{} preloaded tensors, {} shards; listening on {addr}", preload.len(), shards.len());
    srv.serve(TcpListener::bind(&addr)?)?;
    drop(scratch_reg);
    Ok(())
}
