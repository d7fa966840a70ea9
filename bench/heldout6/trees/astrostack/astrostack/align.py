import numpy as np
import pycuda.driver as drv
import pycuda.gpuarray as gpuarray

from .catalog import reference_stars


class Aligner:
    """Star-matching registration against the reference catalogue."""

    def __init__(self, staging, cfg):
        self.staging = staging
        self.cfg = cfg
        self.ref = reference_stars(cfg.catalog)

    def prepare(self, frame):
        peaks = drv.pagelocked_zeros((512, 3), dtype=np.float32)
        d = gpuarray.to_gpu(frame)
        thresh = float(gpuarray.max(d).get()) * 0.5
        ys, xs = np.nonzero(frame > thresh)
        n = min(len(ys), 512)
        peaks[:n, 0], peaks[:n, 1], peaks[:n, 2] = xs[:n], ys[:n], frame[ys[:n], xs[:n]]
        return peaks[:n]

    def __call__(self, frame):
        stars = self.prepare(frame)
        if len(stars) < 3:
            return frame
        dx = float(np.median(self.ref[: len(stars), 0] - stars[:, 0]))
        dy = float(np.median(self.ref[: len(stars), 1] - stars[:, 1]))
        return np.roll(np.roll(frame, int(round(dy)), 0), int(round(dx)), 1)
