use glyphforge::atlas::{AtlasCache, FontId, PinnedAtlas};

#[test]
fn new_page_is_zeroed() {
    let a = PinnedAtlas::new(1 << 12).unwrap();
    assert!(a.as_slice().iter().all(|&b| b == 0));
}

#[test]
fn cache_reuses_the_page_of_a_known_size() {
    let mut cache = AtlasCache::new(1 << 12, Vec::new());
    let p1 = cache.get_or_build(FontId(0), 32).unwrap().as_mut_ptr();
    assert!(cache.take_dirty());
    let p2 = cache.get_or_build(FontId(0), 32).unwrap().as_mut_ptr();
    assert_eq!(p1, p2);
    assert!(!cache.take_dirty());
}
