fn main() {
    println!("cargo:rerun-if-changed=cuda/rollup.cu");
    cc::Build::new()
        .cuda(true)
        .flag("-gencode=arch=compute_80,code=sm_80")
        .file("cuda/rollup.cu")
        .compile("rollup");
    println!("cargo:rustc-link-lib=cudart");
}
