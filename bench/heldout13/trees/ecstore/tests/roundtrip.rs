use ecstore::cuda::HostBuf;
use ecstore::rs::Encoder;

#[test]
#[ignore = "needs a CUDA device"]
fn encode_then_lose_two_shards() {
    let (k, m, len) = (4, 2, 4096);
    let mut enc = Encoder::new(k, m, len).unwrap();
    let mut src = HostBuf::new(k * len).unwrap();
    for (i, b) in src.as_mut_slice().iter_mut().enumerate() {
        *b = (i * 31 % 251) as u8;
    }
    let data: Vec<&[u8]> = src.as_slice().chunks(len).collect();
    let parity = enc.encode_stripe(&data).unwrap();
    let mut shards: Vec<Vec<u8>> = data.iter().map(|d| d.to_vec()).chain(parity.into_iter()).collect();
    shards[1].clear();
    shards[3].clear();
    let present = [1, 0, 1, 0, 1, 1];
    enc.reconstruct(&mut shards, &present).unwrap();
    assert_eq!(&shards[1][..], data[1]);
}
