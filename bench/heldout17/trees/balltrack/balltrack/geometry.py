from __future__ import annotations

import functools

import cv2
import numpy as np


@functools.lru_cache(maxsize=16)
def court_lut(camera_id: int, width: int, height: int):
    """Court-plane coordinates of every pixel of one camera (fixed per installation)."""
    lut = cv2.cuda.HostMem(height, width, cv2.CV_32FC2)
    arr = lut.createMatHeader()
    ys, xs = np.mgrid[:height, :width].astype(np.float32)
    arr[...] = np.dstack([xs * 0.01 + camera_id, ys * 0.01])
    return lut


def triangulate(P: list[np.ndarray], pts: list[tuple[float, float]]) -> np.ndarray:
    A = []
    for Pi, (x, y) in zip(P, pts):
        A.append(x * Pi[2] - Pi[0])
        A.append(y * Pi[2] - Pi[1])
    _, _, vt = np.linalg.svd(np.asarray(A))
    X = vt[-1]
    return X[:3] / X[3]
