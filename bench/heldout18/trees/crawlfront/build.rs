fn main() {
    cc::Build::new()
        .cuda(true)
        .flag("-gencode=arch=compute_90,code=sm_90")
        .file("cuda/bloom.cu")
        .compile("frontier_cuda");
    println!("cargo:rustc-link-lib=cudart");
    println!("cargo:rerun-if-changed=cuda/bloom.cu");
}
