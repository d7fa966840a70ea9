import logging
import os

import cupy as cp
import cupyx
import numpy as np

from .io.reader import TileReader
from .io.writer import CogWriter
from .ops import get_op
from .reproject import Reprojector
from .stats import BandStats

log = logging.getLogger(__name__)


class TilePipeline:
    def __init__(self, cfg):
        self.cfg = cfg
        self.ops = [get_op(name, cfg) for name in cfg.ops]
        self.reproj = Reprojector(cfg.tile_size)
        self.stats = BandStats()
        self._hdr = None

    def process_tile(self, reader, win, writer):
        tile = reader.read_window(win)
        results = [op(tile) for op in self.ops]
        d = cp.asarray(np.stack([r.astype(np.float32) for r in results]))
        self.reproj.reset()
        warped = self.reproj.warp(d, reader.ds.window_transform(win))
        writer.write_block(warped, win)
        self.stats.update(cp.stack([cp.histogram(b, bins=512)[0] for b in warped]))

    def run_scene(self, path):
        reader = TileReader(path, self.cfg.bands, self.cfg.tile_size)
        out = os.path.join(self.cfg.out_dir, os.path.basename(path).replace(".jp2", ".tif"))
        profile = dict(reader.ds.profile, count=len(self.ops), dtype="float32", driver="GTiff", tiled=True)
        writer = CogWriter(out, profile)
        for i, win in enumerate(reader.windows()):
            if i == 0:
                self._hdr = cupyx.empty_pinned(64, dtype=np.float64)
                self._hdr[:6] = tuple(reader.ds.transform)[:6]
            self.process_tile(reader, win, writer)
        writer.close()
        reader.close()
        log.info("scene %s done", path)
