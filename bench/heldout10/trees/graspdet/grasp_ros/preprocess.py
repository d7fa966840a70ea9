from __future__ import annotations

import cv2
import numpy as np
import torch

from grasp_ros.config import GraspConfig


def center_crop(img: np.ndarray, size: int) -> np.ndarray:
    h, w = img.shape[:2]
    top, left = (h - size) // 2, (w - size) // 2
    return img[top : top + size, left : left + size]


def prepare_depth(depth: np.ndarray, cfg: GraspConfig) -> torch.Tensor:
    """Crop, inpaint missing depth, normalise; returns a (1, 1, crop, crop) host tensor."""
    crop = center_crop(depth, cfg.crop).astype(np.float32) / 1000.0
    holes = (crop == 0).astype(np.uint8)
    scale = max(float(np.abs(crop).max()), 1e-6)
    filled = cv2.inpaint(crop / scale, holes, 1, cv2.INPAINT_NS) * scale
    out = torch.empty((1, 1, cfg.crop, cfg.crop), dtype=torch.float32, pin_memory=True)
    out[0, 0].copy_(torch.from_numpy(np.clip(filled - filled.mean(), -1.0, 1.0)))
    return out
