use std::fs::File;
use std::io::Write;
use std::os::raw::c_void;
use std::path::Path;
use std::ptr;

use crate::ffi;
use crate::prover::Proof;

fn encoded_len(proof: &Proof) -> usize {
    proof.commitments.len() * 96 + proof.challenges.len() * 32
}

/// Serialise a proof through a page-locked block (the commitments come back from the GPU
/// into it in the batched-verifier build).
pub fn write_proof(path: &Path, proof: &Proof) -> anyhow::Result<()> {
    let len = encoded_len(proof);
    let mut host: *mut c_void = ptr::null_mut();
    ffi::check(unsafe { ffi::cuMemAllocHost_v2(&mut host, len) })?;
    let out = unsafe { std::slice::from_raw_parts_mut(host.cast::<u8>(), len) };
    let mut off = 0;
    for c in &proof.commitments {
        for limb in c.x.iter().chain(c.y.iter()).chain(c.z.iter()) {
            out[off..off + 8].copy_from_slice(&limb.to_le_bytes());
            off += 8;
        }
    }
    for ch in &proof.challenges {
        out[off..off + 32].copy_from_slice(ch);
        off += 32;
    }
    let mut f = File::create(path)?;
    f.write_all(out)?;
    unsafe { ffi::cuMemFreeHost(host) };
    Ok(())
}
