fn main() {
    println!("cargo:rerun-if-changed=cuda/broadphase.cu");
    let status = std::process::Command::new("nvcc")
        .args(["-O3", "-Xcompiler", "-fPIC", "-shared", "-o"])
        .arg(format!("{}/libbroadphase.so", std::env::var("OUT_DIR").unwrap()))
        .arg("cuda/broadphase.cu")
        .status()
        .expect("nvcc");
    assert!(status.success());
    println!("cargo:rustc-link-search=native={}", std::env::var("OUT_DIR").unwrap());
    println!("cargo:rustc-link-lib=dylib=broadphase");
    println!("cargo:rustc-link-lib=dylib=cudart");
    println!("cargo:rustc-link-lib=dylib=cuda");
}
