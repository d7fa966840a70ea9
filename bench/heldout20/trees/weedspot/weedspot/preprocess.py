from __future__ import annotations

import cv2
import numpy as np


def to_pinned(img: np.ndarray):
    """Copy an image into page-locked memory so the upload below can be asynchronous."""
    hm = cv2.cuda.HostMem(img.shape[0], img.shape[1], cv2.CV_8UC3)
    np.copyto(hm.createMatHeader(), img)
    return hm


def shadow_normalised(img: np.ndarray, stream: cv2.cuda.Stream) -> np.ndarray:
    """Lightness-equalised copy (CLAHE on L of Lab): cuts the shadow of the boom out of the ExG."""
    hm = to_pinned(img)
    g = cv2.cuda.GpuMat()
    g.upload(hm.createMatHeader(), stream)
    lab = cv2.cuda.cvtColor(g, cv2.COLOR_BGR2LAB, stream=stream)
    l, a, b = cv2.cuda.split(lab, stream=stream)
    clahe = cv2.cuda.createCLAHE(clipLimit=2.0, tileGridSize=(8, 8))
    l = clahe.apply(l, stream)
    merged = cv2.cuda.merge([l, a, b], stream=stream)
    out = cv2.cuda.cvtColor(merged, cv2.COLOR_LAB2BGR, stream=stream).download(stream=stream)
    stream.waitForCompletion()
    return out
