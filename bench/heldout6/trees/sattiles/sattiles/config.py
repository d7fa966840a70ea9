import argparse
from dataclasses import dataclass, field


@dataclass
class TileConfig:
    tile_size: int = 1024
    bands: tuple = ("B02", "B03", "B04", "B08", "B11")
    ops: list = field(default_factory=lambda: ["cloud", "ndvi"])
    out_dir: str = "out"
    download_threads: int = 4
    overview_levels: int = 5


def from_argv(argv=None):
    p = argparse.ArgumentParser("sattiles")
    p.add_argument("scene", help="one granule per job (the scheduler fans scenes out to processes)")
    p.add_argument("--tile-size", type=int, default=1024)
    p.add_argument("--ops", default="cloud,ndvi")
    p.add_argument("--out", default="out")
    a = p.parse_args(argv)
    return a.scene, TileConfig(tile_size=a.tile_size, ops=a.ops.split(","), out_dir=a.out)
