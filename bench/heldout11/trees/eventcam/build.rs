use std::process::Command;

fn main() {
    println!("cargo:rerun-if-changed=kernels/accumulate.cu");
    let out = std::env::var("OUT_DIR").unwrap();
    let status = Command::new("nvcc")
        .args(["--ptx", "-O3", "kernels/accumulate.cu", "-o"])
        .arg(format!("{out}/accumulate.ptx"))
        .status()
        .expect("nvcc");
    assert!(status.success());
    println!("cargo:rustc-link-lib=cuda");
    println!("cargo:rustc-link-lib=cudart");
}
