fn main() {
    cc::Build::new()
        .cuda(true)
        .flag("-O3")
        .flag("-gencode=arch=compute_80,code=sm_80")
        .file("cuda/decimate.cu")
        .include("cuda")
        .compile("mtdecimate");
    let cuda = std::env::var("CUDA_HOME").unwrap_or_else(|_| "/usr/local/cuda".into());
    println!("cargo:rustc-link-search=native={cuda}/lib64");
    println!("cargo:rustc-link-lib=dylib=cudart");
    println!("cargo:rustc-link-lib=dylib=cuda");
    println!("cargo:rerun-if-changed=cuda/decimate.cu");
}
