fn main() {
    println!("cargo:rerun-if-changed=csrc/rs_gpu.cu");
    cc::Build::new().cuda(true).flag("-O3").flag("-arch=sm_80").file("csrc/rs_gpu.cu").compile("rsgpu");
    println!("cargo:rustc-link-lib=cudart");
}
