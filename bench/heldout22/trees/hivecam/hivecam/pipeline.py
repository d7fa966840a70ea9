"""Per-hive processing of a day's entrance frames."""
from __future__ import annotations

import logging
from pathlib import Path

import cv2

from . import _hivecam
from .config import HiveConfig
from .snapshots import landing_board_mask, snapshot_for

log = logging.getLogger(__name__)


class HivePipeline:
    def __init__(self, hive: HiveConfig):
        self.hive = hive
        self.detector = _hivecam.MiteDetector(hive.threshold)
        self.detector.load_lut(hive.lut)
        self.tracker = _hivecam.BeeTracker()
        self.queue = _hivecam.FrameQueue(hive.queue_slots, hive.height, hive.width)
        self.mites = 0
        self.frames = 0

    def process(self, frame_name: str, frame) -> list:
        self.detector.ingest(frame)
        bees = self.tracker.update(frame)
        dets = self.detector.detect(bees)
        board = landing_board_mask(frame.shape[1], frame.shape[0])
        if dets:
            self.mites += len(dets)
            snapshot_for(frame_name, frame)
        self.frames += 1
        return [(d, board) for d in dets]

    def run(self) -> dict:
        for path in sorted(Path(self.hive.recordings).glob("*.jpg")):
            frame = cv2.imread(str(path), cv2.IMREAD_COLOR)
            if frame is None:
                log.warning("unreadable frame %s", path)
                continue
            self.process(path.name, frame)
        return {
            "hive": self.hive.name,
            "frames": self.frames,
            "in": self.tracker.count_in,
            "out": self.tracker.count_out,
            "mites": self.mites,
        }
