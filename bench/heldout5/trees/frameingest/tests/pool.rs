use frameingest::pinned::PinnedFrame;
use frameingest::pool::FramePool;

#[test]
fn pool_recycles_frames() {
    let _ctx = cust::quick_init().unwrap();
    let pool = FramePool::new(2, 1024).unwrap();
    let a = pool.acquire();
    let p = a.as_ptr();
    pool.release(a);
    let b = pool.acquire();
    let c = pool.acquire();
    assert!(b.as_ptr() == p || c.as_ptr() == p);
}

#[test]
fn pinned_frame_roundtrip() {
    let _ctx = cust::quick_init().unwrap();
    let mut f = PinnedFrame::new(64).unwrap();
    f.as_mut_slice().fill(7);
    assert!(f.as_slice().iter().all(|&b| b == 7));
}
