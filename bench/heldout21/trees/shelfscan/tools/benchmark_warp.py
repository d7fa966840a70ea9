import time

import numpy as np

from shelfscan import Detector, Rectifier


def main():
    frame = np.random.default_rng(1).integers(0, 255, (1080, 1920, 3), dtype=np.uint8)
    facings = Detector(0.0).upload(frame.copy())
    r = Rectifier()
    t0 = time.perf_counter()
    for _ in range(100):
        r.warp(frame, facings)
    print(f"warp: {(time.perf_counter() - t0) * 10:.2f} ms/frame for {len(facings)} facings")


if __name__ == "__main__":
    main()
