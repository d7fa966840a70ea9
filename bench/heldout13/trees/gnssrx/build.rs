fn main() {
    println!("cargo:rerun-if-changed=kernels/acq.cu");
    cc::Build::new()
        .cuda(true)
        .flag("-arch=sm_80")
        .flag("-O3")
        .file("kernels/acq.cu")
        .compile("gnssacq");
    println!("cargo:rustc-link-lib=cudart");
    println!("cargo:rustc-link-lib=cuda");
}
