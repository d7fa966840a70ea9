from __future__ import annotations

import functools
import json

import cv2
import numpy as np


@functools.lru_cache(maxsize=None)
def lens_map(camera_id: str) -> cv2.cuda.HostMem:
    """Undistortion map of one store camera, computed from its calibration file once."""
    with open(f"calib/{camera_id}.json") as fh:
        cal = json.load(fh)
    k = np.asarray(cal["K"], np.float64)
    d = np.asarray(cal["dist"], np.float64)
    h, w = cal["size"]
    mx, my = cv2.initUndistortRectifyMap(k, d, None, k, (w, h), cv2.CV_32FC1)
    mem = cv2.cuda.HostMem(h, w, cv2.CV_32FC2)
    arr = mem.createMatHeader()
    arr[...] = np.dstack([mx, my])
    return mem
