use cust::memory::LockedBuffer;
use georeproj::grid::{build_warp_grid, Gcp};

#[test]
fn warp_grid_has_two_floats_per_pixel() {
    let _ctx = cust::quick_init().unwrap();
    let gcps = vec![
        Gcp { px: 0.0, py: 0.0, lon: 10.0, lat: 50.0 },
        Gcp { px: 50.0, py: 0.0, lon: 10.5, lat: 50.0 },
        Gcp { px: 100.0, py: 100.0, lon: 11.0, lat: 51.0 },
    ];
    let grid = build_warp_grid(4, 4, &gcps).unwrap();
    assert_eq!(grid.len(), 4 * 4 * 2 * 4);
}

#[test]
fn locked_buffer_roundtrip() {
    let _ctx = cust::quick_init().unwrap();
    let buf = LockedBuffer::new(&3u8, 16).unwrap();
    assert!(buf.iter().all(|&b| b == 3));
}
