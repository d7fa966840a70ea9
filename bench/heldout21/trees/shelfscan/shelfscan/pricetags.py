from __future__ import annotations

import cv2
import numpy as np


class PriceTagReader:
    """Finds the price-tag rail under the shelf edge and OCRs each tag."""

    def __init__(self, rail_height: int = 48):
        self.rail_height = rail_height
        self.ocr = cv2.dnn.readNet("models/tag_ocr.onnx")
        self.ocr.setPreferableBackend(cv2.dnn.DNN_BACKEND_CUDA)

    def read(self, frame: np.ndarray, facings) -> list[str]:
        h, w = frame.shape[:2]
        strip = cv2.cuda.HostMem(self.rail_height, w, cv2.CV_8UC3)
        rail = strip.createMatHeader()
        rail[...] = frame[h - self.rail_height:h]
        d = cv2.cuda_GpuMat()
        d.upload(rail)
        gray = cv2.cuda.cvtColor(d, cv2.COLOR_BGR2GRAY).download()
        out = []
        for f in facings:
            x, _, fw, _ = f.box
            blob = cv2.dnn.blobFromImage(gray[:, x:x + fw], 1 / 255.0, (96, 32))
            self.ocr.setInput(blob)
            out.append("".join(chr(48 + int(c) % 10) for c in self.ocr.forward().argmax(-1).ravel()[:5]))
        return out
