//! `ghosttax trace -- COMMAND`: what a running program really pins.
//!
//! COMMAND runs with a Python recorder first on PYTHONPATH (`python/`, every platform:
//! Python-level calls per line) and, on Linux, an interposer preloaded
//! (`interposer/ghosttax_trace.c`, embedded in the binary) that wraps the CUDA runtime's,
//! the CUDA driver's and HIP's pin and release entry points; each writes one record per
//! process. `python` reads the recorder's records. `crate::tracefile` owns the trace
//! file's schema and its reader (re-exported here); `raw` parses
//! the interposer's records, `symbols` turns return addresses into `file:line`, `record`
//! runs the command and `merge` folds the processes into one trace.

pub mod python;
pub mod raw;

#[cfg(target_os = "linux")]
mod merge;
mod record;
#[cfg(target_os = "linux")]
mod symbols;

pub use record::{NOTHING_LOADED, Options, run};

pub use crate::tracefile::{Frame, Process, Site, Trace, VERSION, kind_of, parse, read};
