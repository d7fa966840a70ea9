//! What differs between Windows and the other platforms, kept in one place: how a path is
//! printed and written, and where the CUDA driver is loaded from.
//!
//! A path is *shown* with the platform's separator (`src\a.py` on Windows), but the forms
//! that leave the machine use `/`: SARIF URIs, GitHub annotations and Markdown links
//! ([`slashed`]), and baseline entries and fingerprints ([`portable`]), so a baseline
//! written on Linux matches on Windows and the other way round.
//!
//! The separator is a constant, not a `cfg`: both branches compile (and are tested) on every
//! platform through the `*_with` functions.

use std::borrow::Cow;
use std::path::{MAIN_SEPARATOR, Path};

/// A path as the user sees it: with the platform's separator (a path typed as `src/a.py`
/// prints like the walker's `src\b.py` on Windows), and without the leading `./` when
/// `strip_dot` (as every report shows a checked path).
pub fn shown(path: &Path, strip_dot: bool) -> String {
    shown_with(&path.to_string_lossy(), strip_dot, MAIN_SEPARATOR)
}

fn shown_with(path: &str, strip_dot: bool, sep: char) -> String {
    let native = if sep == '/' {
        path.to_string()
    } else {
        path.replace('/', &sep.to_string())
    };
    let dot = format!(".{sep}");
    match native.strip_prefix(dot.as_str()) {
        Some(rest) if strip_dot => rest.to_string(),
        _ => native,
    }
}

/// A shown path with `/` between its components and no leading `./`: what a URI, a GitHub
/// annotation, a Markdown link or a configuration glob (`exclude`, `per-file-ignores`) needs. Only the platform's separator is replaced: on Unix
/// a `\` is part of a file name (and is percent-encoded where a URI is made of it).
pub fn slashed(path: &str) -> Cow<'_, str> {
    slashed_with(path, MAIN_SEPARATOR)
}

fn slashed_with(path: &str, sep: char) -> Cow<'_, str> {
    if sep == '/' {
        return Cow::Borrowed(path.trim_start_matches("./"));
    }
    let converted = path.replace(sep, "/");
    Cow::Owned(converted.trim_start_matches("./").to_string())
}

/// A shown path as a baseline records it and its fingerprint hashes it: `/` between
/// components and no leading `./`, with `\` read as a separator on every platform. A
/// baseline is written on one machine and read on others, and a build for Windows may have
/// written `\` (or a hand-edited file may hold it); a Unix file name that contains `\`
/// is the price, and it only shares fingerprints with a sibling path spelled with `/`.
pub fn portable(path: &str) -> Cow<'_, str> {
    if path.contains('\\') {
        let converted = path.replace('\\', "/");
        Cow::Owned(converted.trim_start_matches("./").to_string())
    } else {
        Cow::Borrowed(path.trim_start_matches("./"))
    }
}

/// The CUDA driver's library, as `calibrate` names it in messages.
#[cfg(windows)]
pub const CUDA_DRIVER: &str = "nvcuda.dll";
#[cfg(not(windows))]
pub const CUDA_DRIVER: &str = "libcuda.so.1";

/// Load the CUDA driver. On Windows only System32, where the driver installs `nvcuda.dll`,
/// is searched: not the folder of `ghosttax.exe` (a Python `Scripts` folder) nor the
/// current directory, either of which could hold a planted DLL of that name.
///
/// # Safety
/// Loading a library runs its initialisers (here, the system's CUDA driver's).
pub unsafe fn load_cuda_driver() -> Result<libloading::Library, libloading::Error> {
    #[cfg(windows)]
    {
        use libloading::os::windows::{LOAD_LIBRARY_SEARCH_SYSTEM32, Library};
        // SAFETY: the caller's contract.
        unsafe { Library::load_with_flags(CUDA_DRIVER, LOAD_LIBRARY_SEARCH_SYSTEM32) }
            .map(libloading::Library::from)
    }
    #[cfg(not(windows))]
    {
        // SAFETY: the caller's contract.
        unsafe { libloading::Library::new(CUDA_DRIVER) }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn windows_shows_backslashes_and_drops_its_own_dot_prefix() {
        // The walker joins with `\` on Windows; a typed path may hold `/`.
        assert_eq!(shown_with(r".\src\a.py", true, '\\'), r"src\a.py");
        assert_eq!(shown_with("./src/a.py", true, '\\'), r"src\a.py");
        assert_eq!(shown_with("src/gpu\\b.cu", false, '\\'), r"src\gpu\b.cu");
        assert_eq!(shown_with(r".\src\a.py", false, '\\'), r".\src\a.py");
        assert_eq!(shown_with(r"C:\w\a.py", true, '\\'), r"C:\w\a.py");
    }

    #[test]
    fn unix_shows_paths_as_given() {
        assert_eq!(shown_with("./src/a.py", true, '/'), "src/a.py");
        assert_eq!(shown_with("./src/a.py", false, '/'), "./src/a.py");
        // A backslash is part of a Unix file name.
        assert_eq!(shown_with("./a\\b.py", true, '/'), "a\\b.py");
    }

    #[test]
    fn slashed_replaces_only_the_platforms_separator() {
        assert_eq!(slashed_with(r".\src\a.py", '\\'), "src/a.py");
        assert_eq!(slashed_with(r"src\a.py", '\\'), "src/a.py");
        assert_eq!(slashed_with("./src/a.py", '/'), "src/a.py");
        assert_eq!(slashed_with("src/a\\b.py", '/'), "src/a\\b.py");
    }

    #[test]
    fn portable_reads_backslashes_as_separators_everywhere() {
        assert_eq!(portable(r"src\gpu\a.cu"), "src/gpu/a.cu");
        assert_eq!(portable(r".\src\a.py"), "src/a.py");
        assert_eq!(portable("./src/a.py"), "src/a.py");
        assert_eq!(portable("src/a.py"), "src/a.py");
        assert!(matches!(portable("src/a.py"), Cow::Borrowed(_)));
    }

    #[test]
    fn calibrate_loads_the_platforms_cuda_driver() {
        let expected = if cfg!(windows) {
            "nvcuda.dll"
        } else {
            "libcuda.so.1"
        };
        assert_eq!(CUDA_DRIVER, expected);
    }
}
