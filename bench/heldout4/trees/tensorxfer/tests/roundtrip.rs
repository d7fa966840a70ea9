use tensorxfer::pinned::PinnedBuf;
use tensorxfer::pool::BufferPool;

#[test]
fn pinned_buffer_roundtrip() {
    let _ctx = cust::quick_init().unwrap();
    let mut b = PinnedBuf::new(4096).unwrap();
    b.as_mut_slice().fill(7);
    assert!(b.as_slice().iter().all(|&x| x == 7));
}

#[test]
fn pool_recycles_slots() {
    let _ctx = cust::quick_init().unwrap();
    let pool = BufferPool::new(1, 64).unwrap();
    {
        let mut lease = pool.acquire();
        lease.buf().as_mut_slice()[0] = 1;
    }
    let mut again = pool.acquire();
    assert_eq!(again.buf().as_slice()[0], 1);
}
