fn main() {
    cc::Build::new()
        .cuda(true)
        .flag("-O3")
        .flag("-gencode=arch=compute_86,code=sm_86")
        .file("cuda/erosion.cu")
        .compile("erosion_cuda");
    println!("cargo:rustc-link-lib=cudart");
    println!("cargo:rerun-if-changed=cuda/erosion.cu");
    println!("cargo:rerun-if-changed=cuda/erosion.h");
}
