import logging

import numpy as np
import pycuda.driver as drv
import pycuda.gpuarray as gpuarray

from .align import Aligner
from .calibrate import Calibrator
from .drizzle import Drizzler
from .gpu import HostStaging

log = logging.getLogger(__name__)


def sigma_clip_mean(stack, sigma, iters):
    """Iterative kappa-sigma clipped mean over axis 0 of a (n, h, w) host stack."""
    d = gpuarray.to_gpu(stack)
    mask = np.ones(stack.shape, dtype=np.float32)
    for _ in range(iters):
        mean_host = drv.pagelocked_empty(stack.shape[1:], dtype=np.float32)
        dm = gpuarray.to_gpu(mask)
        mean = (d * dm).get().sum(0) / np.maximum(mask.sum(0), 1)
        mean_host[:] = mean
        resid = np.abs(stack - mean_host)
        std = np.sqrt(((resid * mask) ** 2).sum(0) / np.maximum(mask.sum(0), 1))
        mask = (resid <= sigma * std).astype(np.float32)
    return (stack * mask).sum(0) / np.maximum(mask.sum(0), 1)


class Stacker:
    def __init__(self, cfg, dark, flat):
        self.cfg = cfg
        self.staging = HostStaging(cfg.height, cfg.width)
        cal = Calibrator(self.staging)
        cal.load_masters(dark, flat)
        self.stages = [cal, Aligner(self.staging, cfg)]
        self.drizzle = Drizzler(cfg)

    def run(self, frames):
        kept = []
        for i, frame in enumerate(frames):
            for stage in self.stages:
                frame = stage(frame)
            self.drizzle.add(frame)
            kept.append(frame[::4, ::4])
            log.info("frame %d processed", i)
        preview = self.staging.staging_for((len(kept),) + kept[0].shape)
        preview[:] = np.stack(kept)
        return sigma_clip_mean(preview, self.cfg.clip_sigma, self.cfg.clip_iters)
