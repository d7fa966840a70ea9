use cudarc::driver::CudaContext;

#[test]
fn pinned_roundtrip() {
    let ctx = CudaContext::new(0).unwrap();
    let mut h = unsafe { ctx.alloc_pinned::<u32>(16) }.unwrap();
    h.as_mut_slice().unwrap()[3] = 9;
    let stream = ctx.default_stream();
    let d = stream.memcpy_stod(h.as_slice().unwrap()).unwrap();
    let back = stream.memcpy_dtov(&d).unwrap();
    assert_eq!(back[3], 9);
}
