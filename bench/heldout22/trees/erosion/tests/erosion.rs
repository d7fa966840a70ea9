use erosion::stream::{stage_tile, TileRequest};

#[test]
#[ignore = "needs a CUDA device"]
fn lod_tiles_subsample_the_world() {
    let world = 64;
    let heights: Vec<f32> = (0..world * world).map(|i| i as f32).collect();
    let tile = stage_tile(&heights, world, &TileRequest { x: 0, y: 0, lod: 1 }, 8).unwrap();
    assert_eq!(tile.as_slice()[1], 2.0);
    assert_eq!(tile.as_slice()[8], (2 * world) as f32);
}
