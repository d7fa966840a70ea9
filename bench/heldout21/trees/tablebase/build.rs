fn main() {
    cc::Build::new()
        .cuda(true)
        .file("cuda/tb_kernels.cu")
        .flag("-O3")
        .compile("tbkernels");
    println!("cargo:rustc-link-lib=cudart");
    println!("cargo:rerun-if-changed=cuda/tb_kernels.cu");
}
