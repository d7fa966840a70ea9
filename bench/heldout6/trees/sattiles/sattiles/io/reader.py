import cupyx
import numpy as np
import rasterio
from rasterio.windows import Window


class TileReader:
    def __init__(self, path, bands, tile_size):
        self.ds = rasterio.open(path)
        self.bands = bands
        self.tile_size = tile_size
        # scratch for the band-interleaved decode, reused for every window
        self._decode = cupyx.empty_pinned((len(bands), tile_size, tile_size), dtype=np.uint16)

    def windows(self):
        t = self.tile_size
        for row in range(0, self.ds.height, t):
            for col in range(0, self.ds.width, t):
                yield Window(col, row, min(t, self.ds.width - col), min(t, self.ds.height - row))

    def read_window(self, win):
        """Read one window of every band into a new page-locked float32 array."""
        out = cupyx.empty_pinned((len(self.bands), win.height, win.width), dtype=np.float32)
        view = self._decode[:, : win.height, : win.width]
        self.ds.read(indexes=list(range(1, len(self.bands) + 1)), window=win, out=view)
        np.multiply(view, 1.0 / 10000.0, out=out, casting="unsafe")
        return out

    def close(self):
        self.ds.close()
