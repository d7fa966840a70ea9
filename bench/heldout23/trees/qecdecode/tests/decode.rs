use qecdecode::decoder::{Decoder, DecoderConfig};
use qecdecode::syndrome::SyndromeBatch;

#[test]
#[ignore = "needs a CUDA device"]
fn empty_syndrome_gives_no_flips() {
    let cfg = DecoderConfig { distance: 3, rounds: 3, p: 0.001, batch: 16 };
    let mut dec = Decoder::new(&cfg).unwrap();
    let n_det = dec.graph.n_detectors;
    let batch = SyndromeBatch { batch_id: 1, shots: 16, n_detectors: n_det, events: vec![0; 16 * n_det], measured_rates: None };
    let flips = dec.decode_batch(&batch).unwrap();
    assert!(flips.iter().all(|f| *f == 0));
}
