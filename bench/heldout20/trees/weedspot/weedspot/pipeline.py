from __future__ import annotations

import logging

import cv2
import numpy as np

from . import _weedspot, camera
from .config import PipelineConfig
from .preprocess import shadow_normalised
from .sprayer import NozzlePlanner
from .status import COUNTERS, FRAMES, SKIPPED, TILES

log = logging.getLogger(__name__)


class Pipeline:
    def __init__(self, cfg: PipelineConfig):
        self.cfg = cfg
        calib = _weedspot.load_calibration(cfg.calibration)
        self.undistort = _weedspot.Undistorter(calib, cfg.width, cfg.height)
        self.segmenter = _weedspot.TileSegmenter(cfg.tile, cfg.exg_threshold, cfg.row_spacing_px)
        self.ring = _weedspot.FrameRing(cfg.ring_depth, cfg.height, cfg.width)
        self.planner = NozzlePlanner(cfg.nozzles, cfg.width, cfg.spray_threshold)
        self.stream = cv2.cuda.Stream()
        self.mosaic = np.zeros((2000, 6000, 3), dtype=np.uint8)
        self._mosaic_row = 0
        self.last_frame: np.ndarray | None = None

    def process(self, frame: np.ndarray):
        rect = self.undistort.apply(frame)
        rect = shadow_normalised(rect, self.stream)
        tiles = self.segmenter.segment(rect)
        mask = self.segmenter.mask(rect)
        nozzles = self.planner.plan(mask)
        COUNTERS[FRAMES] += 1
        COUNTERS[TILES] += len(tiles)
        if not nozzles.any():
            COUNTERS[SKIPPED] += 1
        self._stamp_mosaic(rect, nozzles)
        self.last_frame = rect
        return nozzles, tiles

    def _stamp_mosaic(self, rect: np.ndarray, nozzles: np.ndarray) -> None:
        small = cv2.resize(rect, (self.mosaic.shape[1], 40), interpolation=cv2.INTER_AREA)
        if self._mosaic_row + 40 > self.mosaic.shape[0]:
            return
        band = self.mosaic[self._mosaic_row:self._mosaic_row + 40]
        band[:] = small
        w = self.mosaic.shape[1] // len(nozzles)
        for i in np.flatnonzero(nozzles):
            band[:, i * w:(i + 1) * w, 2] = 255
        self._mosaic_row += 40

    def run(self, source: str) -> None:
        for frame in camera.frames(source, self.ring):
            self.process(frame)

    def finish(self) -> None:
        _weedspot.export_mosaic(self.cfg.mosaic_path, self.mosaic)
        log.info("mosaic written to %s", self.cfg.mosaic_path)
