use rustinfer::ffi;
use rustinfer::PinnedBuf;

#[test]
#[ignore = "needs a CUDA device"]
fn pinned_buffer_is_writable_and_freed() {
    unsafe {
        assert_eq!(ffi::cuInit(0), ffi::CUDA_SUCCESS);
        let mut dev = 0;
        let mut ctx = std::ptr::null_mut();
        ffi::cuDeviceGet(&mut dev, 0);
        ffi::cuDevicePrimaryCtxRetain(&mut ctx, dev);
        ffi::cuCtxSetCurrent(ctx);
    }
    let mut buf = PinnedBuf::<u32>::new(1024).expect("pinned alloc");
    for (i, x) in buf.as_mut_slice().iter_mut().enumerate() {
        *x = i as u32;
    }
    assert_eq!(buf.as_slice()[1023], 1023);
}
