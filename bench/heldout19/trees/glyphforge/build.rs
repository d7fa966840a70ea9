fn main() {
    println!("cargo:rerun-if-changed=cuda/sdf.cu");
    println!("cargo:rerun-if-changed=cuda/sdf.h");
    cc::Build::new()
        .cuda(true)
        .flag("-cudart=shared")
        .flag("-gencode=arch=compute_80,code=sm_80")
        .file("cuda/sdf.cu")
        .compile("gfsdf");
    println!("cargo:rustc-link-lib=cudart");
}
