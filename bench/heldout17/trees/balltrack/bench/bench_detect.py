import time

import cv2
import numpy as np

from balltrack import _bt

frame = cv2.cuda.HostMem(1080, 1920, cv2.CV_8UC1)
img = frame.createMatHeader()
img[...] = np.random.default_rng(0).integers(0, 255, img.shape, dtype=np.uint8)
det = _bt.BallDetector()
rois = [(x, y, 96, 96) for y in range(0, 960, 96) for x in range(0, 1800, 96)][:64]
t0 = time.perf_counter()
for _ in range(20):
    det.detect(img, rois)
print(f"{(time.perf_counter() - t0) / 20 * 1e3:.1f} ms / frame")
