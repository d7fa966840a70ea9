//! The CUDA driver API, loaded at run time: no link-time CUDA dependency, so the binary
//! builds and runs everywhere; `calibrate` alone needs a driver.

use std::ffi::{c_char, c_int, c_uint, c_void};

use libloading::Library;

use super::Driver;
use crate::platform::CUDA_DRIVER as LIBRARY;

type CuResult = c_int;
type CuDevice = c_int;
type CuContext = *mut c_void;

const CU_MEMHOSTALLOC_DEFAULT: c_uint = 0;
const CU_MEMHOSTREGISTER_DEFAULT: c_uint = 0;

/// The driver's entry points, resolved once.
pub struct Cuda {
    // Kept alive for the function pointers below.
    _lib: Library,
    init: unsafe extern "C" fn(c_uint) -> CuResult,
    device_get: unsafe extern "C" fn(*mut CuDevice, c_int) -> CuResult,
    device_get_name: unsafe extern "C" fn(*mut c_char, c_int, CuDevice) -> CuResult,
    driver_get_version: unsafe extern "C" fn(*mut c_int) -> CuResult,
    primary_ctx_retain: unsafe extern "C" fn(*mut CuContext, CuDevice) -> CuResult,
    ctx_set_current: unsafe extern "C" fn(CuContext) -> CuResult,
    ctx_synchronize: unsafe extern "C" fn() -> CuResult,
    mem_get_info: unsafe extern "C" fn(*mut usize, *mut usize) -> CuResult,
    mem_host_alloc: unsafe extern "C" fn(*mut *mut c_void, usize, c_uint) -> CuResult,
    mem_free_host: unsafe extern "C" fn(*mut c_void) -> CuResult,
    mem_host_register: unsafe extern "C" fn(*mut c_void, usize, c_uint) -> CuResult,
    mem_host_unregister: unsafe extern "C" fn(*mut c_void) -> CuResult,
    get_error_name: Option<unsafe extern "C" fn(CuResult, *mut *const c_char) -> CuResult>,
    device: CuDevice,
}

impl Cuda {
    /// Load the driver library and resolve every entry point; `None` when there is no
    /// driver (the message says so).
    pub fn load() -> Result<Cuda, String> {
        // SAFETY: loading the system's CUDA driver runs its initialisers, which is what
        // every CUDA program does; nothing else is loaded.
        let lib: Library = unsafe { crate::platform::load_cuda_driver() }
            .map_err(|e| format!("{LIBRARY}: {e}"))?;
        macro_rules! sym {
            ($name:literal) => {
                // SAFETY: the type matches the CUDA driver API's C declaration of $name.
                *unsafe { lib.get($name) }.map_err(|e| {
                    format!("{LIBRARY} lacks {}: {e}", String::from_utf8_lossy($name))
                })?
            };
        }
        Ok(Cuda {
            init: sym!(b"cuInit"),
            device_get: sym!(b"cuDeviceGet"),
            device_get_name: sym!(b"cuDeviceGetName"),
            driver_get_version: sym!(b"cuDriverGetVersion"),
            primary_ctx_retain: sym!(b"cuDevicePrimaryCtxRetain"),
            ctx_set_current: sym!(b"cuCtxSetCurrent"),
            ctx_synchronize: sym!(b"cuCtxSynchronize"),
            mem_get_info: sym!(b"cuMemGetInfo_v2"),
            mem_host_alloc: sym!(b"cuMemHostAlloc"),
            mem_free_host: sym!(b"cuMemFreeHost"),
            mem_host_register: sym!(b"cuMemHostRegister_v2"),
            mem_host_unregister: sym!(b"cuMemHostUnregister"),
            // SAFETY: as above; optional, only used to name errors.
            get_error_name: unsafe { lib.get(b"cuGetErrorName") }.ok().map(|s| *s),
            device: 0,
            _lib: lib,
        })
    }

    fn check(&self, call: &str, r: CuResult) -> Result<(), String> {
        if r == 0 {
            return Ok(());
        }
        let mut name: *const c_char = std::ptr::null();
        let named = self.get_error_name.is_some_and(|f| {
            // SAFETY: cuGetErrorName writes a pointer to a static string.
            unsafe { f(r, &mut name) == 0 && !name.is_null() }
        });
        let what = if named {
            // SAFETY: a NUL-terminated static string from the driver.
            unsafe { std::ffi::CStr::from_ptr(name) }
                .to_string_lossy()
                .into_owned()
        } else {
            format!("error {r}")
        };
        Err(format!("{call} failed: {what}"))
    }
}

impl Driver for Cuda {
    fn open(&mut self, device: u32) -> Result<(String, String), String> {
        // SAFETY (this block): plain C calls with valid out-pointers.
        unsafe {
            self.check("cuInit", (self.init)(0))?;
            let ordinal =
                c_int::try_from(device).map_err(|_| "device number too large".to_string())?;
            let mut dev: CuDevice = 0;
            let r = (self.device_get)(&mut dev, ordinal);
            self.check("cuDeviceGet", r)?;
            self.device = dev;
            let mut name = [0 as c_char; 256];
            self.check(
                "cuDeviceGetName",
                (self.device_get_name)(name.as_mut_ptr(), 256, self.device),
            )?;
            let mut version: c_int = 0;
            self.check(
                "cuDriverGetVersion",
                (self.driver_get_version)(&mut version),
            )?;
            let mut ctx: CuContext = std::ptr::null_mut();
            self.check(
                "cuDevicePrimaryCtxRetain",
                (self.primary_ctx_retain)(&mut ctx, self.device),
            )?;
            self.check("cuCtxSetCurrent", (self.ctx_set_current)(ctx))?;
            let name = std::ffi::CStr::from_ptr(name.as_ptr())
                .to_string_lossy()
                .into_owned();
            let version = format!(
                "CUDA driver API {}.{}",
                version / 1000,
                (version % 1000) / 10
            );
            Ok((name, version))
        }
    }

    fn free_vram(&mut self) -> Result<u64, String> {
        let (mut free, mut total) = (0usize, 0usize);
        // SAFETY: valid out-pointers.
        unsafe {
            self.check("cuCtxSynchronize", (self.ctx_synchronize)())?;
            self.check(
                "cuMemGetInfo_v2",
                (self.mem_get_info)(&mut free, &mut total),
            )?;
        }
        Ok(free as u64)
    }

    fn host_alloc(&mut self, bytes: u64) -> Result<usize, String> {
        let mut p: *mut c_void = std::ptr::null_mut();
        let n = usize::try_from(bytes).map_err(|_| "size too large".to_string())?;
        // SAFETY: valid out-pointer; the block is freed by `host_free`.
        self.check("cuMemHostAlloc", unsafe {
            (self.mem_host_alloc)(&mut p, n, CU_MEMHOSTALLOC_DEFAULT)
        })?;
        Ok(p as usize)
    }

    fn host_free(&mut self, ptr: usize) -> Result<(), String> {
        // SAFETY: `ptr` came from cuMemHostAlloc.
        self.check("cuMemFreeHost", unsafe {
            (self.mem_free_host)(ptr as *mut c_void)
        })
    }

    fn host_register(&mut self, ptr: usize, bytes: u64) -> Result<(), String> {
        let n = usize::try_from(bytes).map_err(|_| "size too large".to_string())?;
        // SAFETY: `ptr` is a live, page-aligned allocation of `n` bytes.
        self.check("cuMemHostRegister_v2", unsafe {
            (self.mem_host_register)(ptr as *mut c_void, n, CU_MEMHOSTREGISTER_DEFAULT)
        })
    }

    fn host_unregister(&mut self, ptr: usize) -> Result<(), String> {
        // SAFETY: `ptr` was registered by `host_register`.
        self.check("cuMemHostUnregister", unsafe {
            (self.mem_host_unregister)(ptr as *mut c_void)
        })
    }
}
