import cupy as cp

from .io.reader import TileReader
from .io.writer import register_mosaic


def build_overview(path, cfg):
    """Whole-scene quicklook: read one decimated window, keep it, and pyramid it on the GPU."""
    reader = TileReader(path, cfg.bands, cfg.tile_size)
    full = reader.read_window(next(reader.windows()))
    levels = [register_mosaic(full)]
    for _ in range(cfg.overview_levels - 1):
        prev = levels[-1]
        levels.append(prev[:, ::2, ::2] * 0.25 + prev[:, 1::2, 1::2] * 0.75)
    reader.close()
    return full, [cp.asnumpy(l) for l in levels]
