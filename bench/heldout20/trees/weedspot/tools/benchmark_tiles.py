#!/usr/bin/env python3
"""Tile size sweep: upload time of page-locked vs pageable tiles (for choosing `tile`)."""

import time

import cv2
import numpy as np


def main():
    stream = cv2.cuda.Stream()
    g = cv2.cuda.GpuMat()
    for tile in (60, 120, 240, 480):
        img = np.random.default_rng(1).integers(0, 255, (tile, tile, 3), dtype=np.uint8)
        t0 = time.perf_counter()
        for _ in range(200):
            hm = cv2.cuda.HostMem(tile, tile, cv2.CV_8UC3)
            np.copyto(hm.createMatHeader(), img)
            g.upload(hm.createMatHeader(), stream)
        stream.waitForCompletion()
        pinned = (time.perf_counter() - t0) / 200
        t0 = time.perf_counter()
        for _ in range(200):
            g.upload(img, stream)
        stream.waitForCompletion()
        pageable = (time.perf_counter() - t0) / 200
        print(f"tile {tile:4d}: pinned {pinned * 1e6:7.1f} us  pageable {pageable * 1e6:7.1f} us")


if __name__ == "__main__":
    main()
