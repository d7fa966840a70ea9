//! Builds the `trace` interposer (interposer/ghosttax_trace.c) into a shared library that
//! the binary embeds, so a wheel or `cargo install` carries it. Linux only; where no C
//! compiler works the binary is built without it and `ghosttax trace` says so.

use std::path::PathBuf;
use std::process::Command;

fn main() {
    println!("cargo:rerun-if-changed=interposer/ghosttax_trace.c");
    println!("cargo:rerun-if-changed=build.rs");
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
