use tsdbdown::ffi;
use tsdbdown::pinned::PinnedVec;

#[test]
fn one_bucket_per_second() {
    assert_eq!(unsafe { ffi::rollup_init(4) }, 0);
    let mut ts = PinnedVec::<i64>::with_capacity(10).unwrap();
    let vals: Vec<f64> = (0..10).map(|i| i as f64).collect();
    for i in 0..10 {
        ts.push(i * 100_000_000);
    }
    let mut out = vec![ffi::RollupBucket::default(); 4];
    let mut used = 0;
    let rc = unsafe {
        ffi::rollup_chunk(ts.as_ptr(), vals.as_ptr(), ts.len(), 1_000_000_000, out.as_mut_ptr(), 4, &mut used)
    };
    assert_eq!(rc, 0);
    assert_eq!(used, 1);
    assert_eq!(out[0].count, 10);
    unsafe { ffi::rollup_shutdown() };
}
