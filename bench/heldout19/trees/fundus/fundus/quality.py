from __future__ import annotations

import cv2
import numpy as np


class QualityGate:
    """Rejects ungradable photographs (blur, under-exposure) before enhancement."""

    def __init__(self, min_sharpness: float):
        self.min_sharpness = min_sharpness
        self._lap = cv2.cuda.createLaplacianFilter(cv2.CV_8UC1, cv2.CV_16S, ksize=3)

    def check(self, img: np.ndarray) -> tuple[bool, float]:
        h, w = img.shape[:2]
        staged = cv2.cuda.HostMem(h, w, cv2.CV_8UC3, cv2.cuda.HostMem_PAGE_LOCKED)
        view = staged.createMatHeader()
        view[...] = img
        g = cv2.cuda_GpuMat()
        g.upload(view)
        gray = cv2.cuda.cvtColor(g, cv2.COLOR_BGR2GRAY)
        lap = self._lap.apply(gray).download()
        score = float(np.var(lap))
        return score >= self.min_sharpness and float(img.mean()) > 20.0, score
