fn main() {
    cc::Build::new()
        .cuda(true)
        .flag("-O3")
        .flag("-gencode=arch=compute_80,code=sm_80")
        .file("cuda/projector.cu")
        .compile("pp");
    println!("cargo:rerun-if-changed=cuda/projector.cu");
    println!("cargo:rerun-if-changed=cuda/projector.h");
    println!("cargo:rustc-link-lib=cudart");
}
