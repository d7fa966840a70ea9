mod cuda;
mod gcode;
mod host;
mod infill;
mod mesh;
mod slice;
mod toolpath;
mod watch;

use std::os::raw::c_void;

fn calibrate_bandwidth() -> anyhow::Result<()> {
    let bytes = 256 << 20;
    let mut p: *mut c_void = std::ptr::null_mut();
    cuda::ok(unsafe { cuda::cudaMallocHost(&mut p, bytes) }, "cudaMallocHost")?;
    let t0 = std::time::Instant::now();
    unsafe { std::ptr::write_bytes(p as *mut u8, 0x5a, bytes) };
    println!("host fill: {:.1} GB/s", bytes as f64 / t0.elapsed().as_secs_f64() / 1e9);
    unsafe { cuda::cudaFreeHost(p) };
    Ok(())
}

fn main() -> anyhow::Result<()> {
    env_logger::init();
    let args: Vec<String> = std::env::args().collect();
    match args.get(1).map(String::as_str) {
        Some("calibrate") => calibrate_bandwidth(),
        Some("spool") => watch::run_spool(std::path::Path::new(&args[2]), 4096),
        _ => {
            eprintln!("usage: slicer3d calibrate | spool DIR");
            std::process::exit(2);
        }
    }
}
