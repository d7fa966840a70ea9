"""Mock lens images for training-set generation and coverage tests."""
import cupy as cp
import cupyx
import numpy as np

from .models import SIE


def make_mocks(n, size=96, pixel_scale=0.05, seed=0):
    rng = np.random.default_rng(seed)
    g = (np.arange(size) - size / 2) * pixel_scale
    gx, gy = np.meshgrid(g, g)
    sie = SIE(gx, gy)
    images = []
    for i in range(n):
        theta_e = rng.uniform(0.6, 1.8)
        ax, ay = sie.deflection(theta_e, rng.uniform(0.5, 1.0), 0.0, 0.0)
        img = cupyx.empty_pinned((size, size), dtype=np.float32)
        bx = cp.asarray(gx.ravel()) - cp.asarray(ax)
        by = cp.asarray(gy.ravel()) - cp.asarray(ay)
        cp.exp(-(bx**2 + by**2) / 0.02).reshape(size, size).get(out=img)
        images.append(img)
    return images
