fn main() {
    println!("cargo:rerun-if-changed=cuda/geo_match.cu");
    cc::Build::new()
        .cuda(true)
        .flag("-O3")
        .flag("-gencode=arch=compute_80,code=sm_80")
        .file("cuda/geo_match.cu")
        .compile("geo_match");
    println!("cargo:rustc-link-lib=cudart");
}
