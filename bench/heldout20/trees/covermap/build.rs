fn main() {
    println!("cargo:rerun-if-changed=cuda");
    cc::Build::new()
        .cuda(true)
        .cudart("shared")
        .flag("-O3")
        .flag("-gencode=arch=compute_80,code=sm_80")
        .flag("-gencode=arch=compute_90,code=sm_90")
        .include("cuda")
        .file("cuda/raycast.cu")
        .file("cuda/clutter.cu")
        .compile("covermap");
    println!("cargo:rustc-link-lib=cudart");
}
