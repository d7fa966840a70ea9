use std::{env, path::PathBuf, process::Command};

fn main() {
    let out = PathBuf::from(env::var("OUT_DIR").unwrap()).join("ntt.ptx");
    let status = Command::new("nvcc")
        .args(["-ptx", "-O3", "-arch=sm_80", "kernels/ntt.cu", "-o"])
        .arg(&out)
        .status()
        .expect("nvcc not found");
    assert!(status.success(), "nvcc failed");
    println!("cargo:rerun-if-changed=kernels/ntt.cu");
    println!("cargo:rustc-link-lib=cuda");
}
