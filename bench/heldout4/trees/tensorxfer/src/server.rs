use std::ffi::c_void;
use std::io::{self, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::sync::Arc;

use crate::config::global_staging;
use crate::ffi::{self, check, CudaError};
use crate::pinned::PinnedBuf;
use crate::pool::BufferPool;
use crate::readback::ReadbackService;

#[derive(Debug)]
pub enum XferError {
    Io(io::Error),
    Cuda(CudaError),
    Driver(cudarc::driver::DriverError),
    Protocol(String),
}

impl From<io::Error> for XferError {
    fn from(e: io::Error) -> Self {
        XferError::Io(e)
    }
}

impl From<CudaError> for XferError {
    fn from(e: CudaError) -> Self {
        XferError::Cuda(e)
    }
}

impl From<cudarc::driver::DriverError> for XferError {
    fn from(e: cudarc::driver::DriverError) -> Self {
        XferError::Driver(e)
    }
}

const KIND_SMALL: u8 = 0;
const KIND_LARGE: u8 = 1;
const KIND_BATCH: u8 = 2;
const KIND_READBACK: u8 = 3;
const KIND_LEGACY: u8 = 4;
const KIND_ECHO: u8 = 5;

struct Header {
    kind: u8,
    parts: u32,
    nbytes: u64,
    part_bytes: u64,
    dst: u64,
}

fn read_header(conn: &mut TcpStream) -> Result<Header, XferError> {
    let mut b = [0u8; 32];
    conn.read_exact(&mut b)?;
    let u64_at = |i: usize| u64::from_le_bytes(b[i..i + 8].try_into().unwrap());
    Ok(Header {
        kind: b[0],
        parts: u32::from_le_bytes(b[4..8].try_into().unwrap()),
        nbytes: u64_at(8),
        part_bytes: u64_at(16),
        dst: u64_at(24),
    })
}

pub struct Server {
    pool: Arc<BufferPool>,
    stream: ffi::CUstream,
    readback: ReadbackService,
}

impl Server {
    pub fn new(pool: Arc<BufferPool>, stream: ffi::CUstream, readback: ReadbackService) -> Self {
        Self { pool, stream, readback }
    }

    pub fn serve(&self, listener: TcpListener) -> io::Result<()> {
        for conn in listener.incoming() {
            let mut conn = conn?;
            if let Err(e) = self.handle(&mut conn) {
                eprintln!("request from {:?} failed: {e:?}", conn.peer_addr().ok());
                let _ = conn.write_all(&[1u8]);
            }
        }
        Ok(())
    }

    fn upload(&self, src: &[u8], dst: u64) -> Result<(), CudaError> {
        check(unsafe { ffi::cuMemcpyHtoDAsync_v2(dst, src.as_ptr() as *const c_void, src.len(), self.stream) })?;
        check(unsafe { ffi::cuStreamSynchronize(self.stream) })
    }

    fn handle(&self, conn: &mut TcpStream) -> Result<(), XferError> {
        let hdr = read_header(conn)?;
        match hdr.kind {
            KIND_SMALL => {
                let n = hdr.nbytes as usize;
                if n > self.pool.slot_bytes() {
                    return Err(XferError::Protocol(format!("small transfer of {n} bytes")));
                }
                let mut lease = self.pool.acquire();
                let buf = lease.buf();
                conn.read_exact(&mut buf.as_mut_slice()[..n])?;
                self.upload(&buf.as_slice()[..n], hdr.dst)?;
            }
            KIND_LARGE => {
                let mut buf = PinnedBuf::new(hdr.nbytes as usize)?;
                conn.read_exact(buf.as_mut_slice())?;
                self.upload(buf.as_slice(), hdr.dst)?;
            }
            KIND_BATCH => {
                for part in 0..u64::from(hdr.parts) {
                    let mut chunk = PinnedBuf::new(hdr.part_bytes as usize)?;
                    conn.read_exact(chunk.as_mut_slice())?;
                    self.upload(chunk.as_slice(), hdr.dst + part * hdr.part_bytes)?;
                }
            }
            KIND_READBACK => {
                let data = self.readback.readback(hdr.dst, hdr.nbytes as usize)?;
                conn.write_all(&data)?;
            }
            KIND_LEGACY => {
                // v1 clients: raw staging kept for wire compatibility.
                let n = hdr.nbytes as usize;
                let mut p: *mut c_void = std::ptr::null_mut();
                check(unsafe { ffi::cuMemAllocHost_v2(&mut p, n) })?;
                let staging = unsafe { std::slice::from_raw_parts_mut(p as *mut u8, n) };
                conn.read_exact(staging)?;
                self.upload(staging, hdr.dst)?;
                unsafe { ffi::cuMemFreeHost(p) };
            }
            KIND_ECHO => {
                let n = (hdr.nbytes as usize).min(crate::config::STAGING_BYTES);
                let mut staging = global_staging().lock().unwrap();
                conn.read_exact(&mut staging.as_mut_slice()[..n])?;
                conn.write_all(&staging.as_slice()[..n])?;
            }
            other => return Err(XferError::Protocol(format!("unknown request kind {other}"))),
        }
        conn.write_all(&[0u8])?;
        Ok(())
    }
}
