from __future__ import annotations

import argparse
import tomllib

import cv2
import numpy as np

from . import Detector, FrameQueue, Rectifier, export_mosaic, load_planogram_image
from .cameras import lens_map
from .pricetags import PriceTagReader


class ShelfPipeline:
    def __init__(self, cfg: dict):
        rows, cols = cfg["frame_size"]
        self.queue = FrameQueue(cfg["queue_depth"], rows, cols)
        self.detector = Detector(0.12)
        self.rectifier = Rectifier()
        self.tags = PriceTagReader()
        self.camera = cfg["cameras"][0]
        self.planogram = load_planogram_image(cfg["planogram"])
        self.mosaic = np.zeros((rows, cols * 4, 3), np.uint8)
        self.k = 0

    def process(self, frame: np.ndarray) -> dict:
        lmap = lens_map(self.camera).createMatHeader()
        frame = cv2.remap(frame, lmap[..., 0], lmap[..., 1], cv2.INTER_LINEAR)
        staged = self.queue.next(frame)
        facings = self.detector.upload(staged)
        crops = self.rectifier.warp(staged, facings)
        prices = self.tags.read(staged, facings)
        x = (self.k % 4) * frame.shape[1]
        self.mosaic[:, x:x + frame.shape[1]] = frame
        self.k += 1
        return {"facings": len(facings), "crops": len(crops), "prices": prices}

    def finish(self, path: str) -> None:
        export_mosaic(path, self.mosaic)


def main(argv=None):
    ap = argparse.ArgumentParser("shelfscan")
    ap.add_argument("--config", default="configs/store.toml")
    ap.add_argument("--video", required=True)
    args = ap.parse_args(argv)
    with open(args.config, "rb") as fh:
        cfg = tomllib.load(fh)
    pipe = ShelfPipeline(cfg)
    cap = cv2.VideoCapture(args.video)
    while True:
        ok, frame = cap.read()
        if not ok:
            break
        print(pipe.process(np.ascontiguousarray(frame)))
    pipe.finish(f"mosaic_{cfg['store_id']}.png")


if __name__ == "__main__":
    main()
