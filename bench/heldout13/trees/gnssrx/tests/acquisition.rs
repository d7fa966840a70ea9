use cust::memory::LockedBuffer;

fn synth_signal(prn: u8, doppler_hz: f64, n: usize, fs: f64) -> Vec<[f32; 2]> {
    (0..n)
        .map(|i| {
            let chip = if ((i as f64 * 1.023e6 / fs) as usize + prn as usize) % 3 == 0 { 1.0 } else { -1.0 };
            let ph = 2.0 * std::f64::consts::PI * doppler_hz * i as f64 / fs;
            [(chip * ph.cos()) as f32, (chip * ph.sin()) as f32]
        })
        .collect()
}

#[test]
#[ignore = "needs a CUDA device"]
fn locked_signal_round_trips() {
    let _ctx = cust::quick_init().unwrap();
    let sig = synth_signal(7, 1250.0, 4092, 4.092e6);
    let locked = LockedBuffer::from_slice(&sig).unwrap();
    assert_eq!(locked.len(), 4092);
    assert_eq!(locked[10], sig[10]);
}
