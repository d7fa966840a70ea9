//! Builds the `trace` interposer (interposer/ghosttax_trace.c) into a shared library that
//! the binary embeds, so a wheel or `cargo install` carries it. Linux only; where no C
//! compiler works the binary is built without it and `ghosttax trace` says so.

use std::path::PathBuf;
use std::process::Command;

fn main() {
    println!("cargo:rerun-if-changed=interposer/ghosttax_trace.c");
    println!("cargo:rerun-if-changed=build.rs");
    build_id();
    let out = PathBuf::from(std::env::var_os("OUT_DIR").unwrap_or_default());
    let lib = out.join("libghosttax_trace.so");
    let linux = std::env::var("CARGO_CFG_TARGET_OS").is_ok_and(|os| os == "linux");
    if linux && let Err(e) = compile(&lib) {
        println!("cargo:warning=ghosttax trace will be unavailable: {e}");
        let _ = std::fs::write(&lib, b"");
    } else if !linux {
        let _ = std::fs::write(&lib, b"");
    }
}

/// `GHOSTTAX_BUILD_ID`: a digest of everything the analysis is built from (the sources, the
/// shipped rule data, the manifest and the locked dependencies). The persistent cache keys
/// its entries by it, so a binary built from other sources never reads them, even when
/// its version number is the same (a development build).
fn build_id() {
    let mut files = Vec::new();
    for dir in ["src", "rules"] {
        println!("cargo:rerun-if-changed={dir}");
        collect(std::path::Path::new(dir), &mut files);
    }
    for file in ["Cargo.toml", "Cargo.lock"] {
        println!("cargo:rerun-if-changed={file}");
        files.push(PathBuf::from(file));
    }
    files.sort();
    // Two 64-bit FNV-1a digests with different offsets: no dependency, stable everywhere.
    let mut h = [0xcbf2_9ce4_8422_2325u64, 0x6c62_272e_07bb_0142u64];
    let mut feed = |bytes: &[u8]| {
        for (i, state) in h.iter_mut().enumerate() {
            for &b in bytes {
                *state ^= u64::from(b) ^ (i as u64);
                *state = state.wrapping_mul(0x0000_0100_0000_01b3);
            }
        }
    };
    for f in &files {
        feed(f.to_string_lossy().replace('\\', "/").as_bytes());
        feed(&[0]);
        feed(&std::fs::read(f).unwrap_or_default());
        feed(&[0]);
    }
    println!(
        "cargo:rustc-env=GHOSTTAX_BUILD_ID={}-{:016x}{:016x}",
        std::env::var("CARGO_PKG_VERSION").unwrap_or_default(),
        h[0],
        h[1]
    );
}

fn collect(dir: &std::path::Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let p = e.path();
        if p.is_dir() {
            collect(&p, out);
        } else {
            out.push(p);
        }
    }
}

fn compile(lib: &std::path::Path) -> Result<(), String> {
    let compiler = cc::Build::new()
        .cargo_metadata(false)
        .try_get_compiler()
        .map_err(|e| format!("no C compiler: {e}"))?;
    let mut cmd: Command = compiler.to_command();
    cmd.args([
        "-shared",
        "-fPIC",
        "-O2",
        "-fvisibility=hidden",
        "-Wall",
        "-o",
    ])
    .arg(lib)
    .arg("interposer/ghosttax_trace.c")
    .args(["-ldl", "-lpthread"]);
    let output = cmd
        .output()
        .map_err(|e| format!("cannot run the C compiler: {e}"))?;
    if !output.status.success() {
        return Err(format!(
            "the C compiler failed: {}",
            String::from_utf8_lossy(&output.stderr)
        ));
    }
    Ok(())
}
