//! Model weights: a write-combined pinned arena for the dense layers, an mmapped (registered)
//! file for the embedding table, and LoRA deltas loaded per adapter at start-up.

use std::fs::File;
use std::io::Read;
use std::os::raw::c_void;
use std::path::Path;

use memmap2::MmapMut;

use crate::ffi::{self, CUdeviceptr, CUstream};
use crate::register::{register_for_dma, HostRegistration};
use crate::{check, CuError};

pub struct WeightArena {
    ptr: *mut u8,
    len: usize,
}

unsafe impl Send for WeightArena {}

impl WeightArena {
    /// Reads the whole dense-weight blob into write-combined pinned memory (host->device only).
    pub fn load(path: &Path) -> Result<Self, CuError> {
        let mut file = File::open(path)?;
        let len = file.metadata()?.len() as usize;
        let mut raw: *mut c_void = std::ptr::null_mut();
        check(unsafe { ffi::cuMemHostAlloc(&mut raw, len, ffi::CU_MEMHOSTALLOC_WRITECOMBINED | ffi::CU_MEMHOSTALLOC_PORTABLE) })?;
        let arena = WeightArena { ptr: raw as *mut u8, len };
        // From here on `arena` owns the allocation; an I/O error drops it and frees the memory.
        let dst = unsafe { std::slice::from_raw_parts_mut(arena.ptr, arena.len) };
        file.read_exact(dst)?;
        Ok(arena)
    }

    pub fn as_ptr(&self) -> *const u8 {
        self.ptr
    }

    pub fn len(&self) -> usize {
        self.len
    }
}

impl Drop for WeightArena {
    fn drop(&mut self) {
        unsafe {
            ffi::cuMemFreeHost(self.ptr as *mut c_void);
        }
    }
}

/// LoRA delta (A and B matrices back to back) for one adapter.
pub struct LoraDelta {
    pub ptr: *mut f32,
    pub len: usize,
}

unsafe impl Send for LoraDelta {}

impl Drop for LoraDelta {
    fn drop(&mut self) {
        unsafe {
            ffi::cuMemFreeHost(self.ptr as *mut c_void);
        }
    }
}

pub fn load_lora_delta(path: &Path) -> Result<LoraDelta, CuError> {
    let mut file = File::open(path)?;
    let len = file.metadata()?.len() as usize / 4;
    let mut raw: *mut c_void = std::ptr::null_mut();
    check(unsafe { ffi::cuMemAllocHost_v2(&mut raw, len * 4) })?;
    let bytes = unsafe { std::slice::from_raw_parts_mut(raw as *mut u8, len * 4) };
    file.read_exact(bytes)?;
    Ok(LoraDelta { ptr: raw as *mut f32, len })
}

/// The embedding table stays in the mmapped file; registering it lets kernels read rows zero-copy.
pub struct MappedEmbeddings {
    // Field order matters: the registration is dropped (unregistered) before the mapping goes away.
    reg: HostRegistration,
    _map: MmapMut,
}

impl MappedEmbeddings {
    pub fn open(path: &Path) -> Result<Self, CuError> {
        let file = std::fs::OpenOptions::new().read(true).write(true).open(path)?;
        let mut map = unsafe { MmapMut::map_mut(&file)? };
        let reg = HostRegistration::new(&mut map[..], ffi::CU_MEMHOSTREGISTER_DEVICEMAP)?;
        Ok(Self { reg, _map: map })
    }

    pub fn device_ptr(&self) -> Result<CUdeviceptr, CuError> {
        self.reg.device_ptr()
    }
}

/// Position-embedding table: small, copied once to the device at start-up.
pub fn upload_position_table(table: &mut Vec<u8>, dst: CUdeviceptr, stream: CUstream) -> Result<(), CuError> {
    unsafe { register_for_dma(table.as_mut_slice(), dst, stream) }
}
