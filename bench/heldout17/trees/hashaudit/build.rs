fn main() {
    println!("cargo:rerun-if-changed=kernels");
    for k in ["pbkdf2", "ntlm"] {
        let status = std::process::Command::new("nvcc")
            .args(["-ptx", &format!("kernels/{k}.cu"), "-o"])
            .arg(format!("{}/{k}.ptx", std::env::var("OUT_DIR").unwrap()))
            .status()
            .expect("nvcc");
        assert!(status.success());
    }
    println!("cargo:rustc-link-lib=cuda");
}
