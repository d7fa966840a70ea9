//! Raw CUDA driver API and the acquisition kernel library (kernels/acq.cu).
use std::os::raw::{c_char, c_int, c_uint, c_void};

pub type CUresult = c_int;
pub const CU_MEMHOSTREGISTER_DEVICEMAP: c_uint = 0x02;

extern "C" {
    pub fn cuMemAllocHost_v2(pp: *mut *mut c_void, bytesize: usize) -> CUresult;
    pub fn cuMemFreeHost(p: *mut c_void) -> CUresult;
    pub fn cuMemHostRegister_v2(p: *mut c_void, bytesize: usize, flags: c_uint) -> CUresult;
    pub fn cuMemHostUnregister(p: *mut c_void) -> CUresult;
}

#[repr(C)]
pub struct acq_context {
    _private: [u8; 0],
}

extern "C" {
    pub fn acq_context_create(max_samples: c_int, doppler_bins: c_int) -> *mut acq_context;
    pub fn acq_context_destroy(c: *mut acq_context);
    pub fn acq_search(
        c: *mut acq_context,
        samples: *const c_void,
        replica: *const c_void,
        n: c_int,
        fs: f64,
        spectrum: *mut c_void,
        peak_bin: *mut c_int,
        peak_phase: *mut c_int,
    ) -> f32;
    pub fn acq_correlate(
        c: *mut acq_context,
        samples: *const c_void,
        n: c_int,
        prn: c_int,
        code_phase: f64,
        carrier_hz: f64,
        taps: c_int,
        out: *mut c_void,
    ) -> c_int;
    pub fn acq_load_code_table(path: *const c_char, n_prn: *mut c_int) -> *mut i8;
    pub fn acq_free_code_table(t: *mut i8);
}
