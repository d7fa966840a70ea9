fn main() {
    cc::Build::new()
        .cuda(true)
        .file("cuda/slicer.cu")
        .flag("-gencode=arch=compute_80,code=sm_80")
        .compile("slicer_cuda");
    println!("cargo:rustc-link-lib=cudart");
    println!("cargo:rerun-if-changed=cuda");
}
