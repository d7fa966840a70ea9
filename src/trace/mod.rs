//! `ghosttax trace -- COMMAND`: what a running program really pins.
//!
//! COMMAND runs with an interposer preloaded (`interposer/ghosttax_trace.c`, embedded in
//! the binary) that wraps the CUDA runtime's, the CUDA driver's and HIP's pin and release
//! entry points and writes one raw record per process. `crate::tracefile` owns the trace
//! file's schema and its reader (re-exported here); `raw` parses
//! the interposer's records, `symbols` turns return addresses into `file:line`, `record`
//! runs the command and `merge` folds the processes into one trace.

pub mod raw;

#[cfg(target_os = "linux")]
mod merge;
#[cfg(target_os = "linux")]
mod record;
#[cfg(target_os = "linux")]
mod symbols;

#[cfg(target_os = "linux")]
pub use record::{Options, run};

pub use crate::tracefile::{Frame, Process, Site, Trace, VERSION, kind_of, parse, read};

/// The message `trace` gives where it cannot run.
pub const LINUX_ONLY: &str = "ghosttax trace runs on Linux only (it preloads an interposer \
    with LD_PRELOAD). Record the trace on a Linux machine: the counts and sizes it measures \
    hold on every platform, and the configured WDDM ratio prices them.";
