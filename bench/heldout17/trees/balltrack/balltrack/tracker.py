from __future__ import annotations

import logging
from itertools import count

import numpy as np

from . import _bt
from .config import RigConfig
from .geometry import court_lut, triangulate
from .overlay import draw_track

log = logging.getLogger("balltrack")


def rois_around(pred: np.ndarray | None, w: int, h: int, size: int) -> list[tuple[int, int, int, int]]:
    if pred is None:
        return [(x, y, size, size) for y in range(0, h - size, size) for x in range(0, w - size, size)][:64]
    x, y = int(pred[0]) - size // 2, int(pred[1]) - size // 2
    return [(max(0, min(x, w - size)), max(0, min(y, h - size)), size, size)]


def run_match(cfg: RigConfig, projections: list[np.ndarray], on_point=None) -> None:
    rig = _bt.CameraRig(cfg.n_cameras, cfg.width, cfg.height)
    det = _bt.BallDetector()
    luts = [court_lut(c, cfg.width, cfg.height) for c in range(cfg.n_cameras)]
    track: list[np.ndarray] = []
    preds: list[np.ndarray | None] = [None] * cfg.n_cameras
    for frame_no in count():
        frames = rig.grab_all()
        obs = []
        for cam, img in enumerate(frames):
            cands = det.detect(img, rois_around(preds[cam], cfg.width, cfg.height, cfg.roi_size))
            if cands:
                best = max(cands, key=lambda c: c[3])
                preds[cam] = np.array(best[:2])
                obs.append((cam, best[:2]))
        if len(obs) >= 2:
            X = triangulate([projections[c] for c, _ in obs], [p for _, p in obs])
            track.append(X)
            if on_point is not None:
                on_point(frame_no, X)
        if frame_no % 4 == 0 and track:
            draw_track(frames[0], [(p[0], p[1]) for p in track[-30:]])
    del luts
