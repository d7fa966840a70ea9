use bidserve::scorer::{features_for, BidRequest};

fn request() -> BidRequest {
    BidRequest {
        auction_id: "a-1".into(),
        model_version: 7,
        user_features: vec![0.5; 64],
        context: vec![1.0, 2.0, 3.0],
        candidates: vec![],
    }
}

#[test]
#[ignore = "needs a CUDA device"]
fn features_are_padded_to_the_model_width() {
    let _ctx = cust::quick_init().unwrap();
    let f = features_for(&request()).unwrap();
    assert_eq!(f.len(), bidserve::scorer::N_FEATURES);
    assert_eq!(&f.as_slice()[..4], &[1.0, 2.0, 3.0, 0.0]);
}
