fn main() {
    println!("cargo:rerun-if-changed=cuda/verify.cu");
    let out = std::env::var("OUT_DIR").unwrap();
    let ok = std::process::Command::new("nvcc")
        .args(["-O3", "-Xcompiler", "-fPIC", "-c", "cuda/verify.cu", "-o"])
        .arg(format!("{out}/verify.o"))
        .status()
        .unwrap()
        .success();
    assert!(ok);
    let ok = std::process::Command::new("ar")
        .args(["crs", &format!("{out}/libsbverify.a"), &format!("{out}/verify.o")])
        .status()
        .unwrap()
        .success();
    assert!(ok);
    println!("cargo:rustc-link-search=native={out}");
    println!("cargo:rustc-link-lib=static=sbverify");
    println!("cargo:rustc-link-lib=cudart");
    println!("cargo:rustc-link-lib=cuda");
}
