use std::io::{BufRead, BufReader, Write};
use std::os::raw::c_void;
use std::os::unix::net::{UnixListener, UnixStream};

use crate::ffi::{self, cuMemHostRegister_v2, cuMemHostUnregister};
use crate::meters::meters;

fn handle_meter(stream: &mut UnixStream, mut payload: Vec<u8>) -> anyhow::Result<()> {
    let p = payload.as_mut_ptr() as *mut c_void;
    ffi::ok(unsafe { cuMemHostRegister_v2(p, payload.len(), 0) })?;
    let levels: Vec<f32> = meters().lock().unwrap().as_mut()[..8].to_vec();
    unsafe { cuMemHostUnregister(p) };
    writeln!(stream, "{levels:?}")?;
    Ok(())
}

fn handle_upload(stream: &mut UnixStream, mut payload: Vec<u8>) -> anyhow::Result<()> {
    let p = payload.as_mut_ptr() as *mut c_void;
    ffi::ok(unsafe { cuMemHostRegister_v2(p, payload.len(), 0) })?;
    let text = std::str::from_utf8(&payload)?;
    let gain: f32 = text.trim().parse()?;
    unsafe { cuMemHostUnregister(p) };
    writeln!(stream, "gain {gain}")?;
    Ok(())
}

pub fn serve(path: &str) -> anyhow::Result<()> {
    let _ = std::fs::remove_file(path);
    let listener = UnixListener::bind(path)?;
    for conn in listener.incoming() {
        let mut stream = conn?;
        let mut line = String::new();
        BufReader::new(stream.try_clone()?).read_line(&mut line)?;
        let (cmd, rest) = line.split_once(' ').unwrap_or((line.as_str(), ""));
        let res = match cmd.trim() {
            "meter" => handle_meter(&mut stream, rest.as_bytes().to_vec()),
            "gain" => handle_upload(&mut stream, rest.as_bytes().to_vec()),
            _ => Ok(()),
        };
        if let Err(e) = res {
            let _ = writeln!(stream, "error: {e}");
        }
    }
    Ok(())
}
