"""Training-time augmentation: random yaw rotation, global scaling and jitter, on the GPU."""

import math

import numpy as np
from numba import cuda


@cuda.jit
def _rotate_scale_kernel(pts, n, c, s, scale):
    i = cuda.grid(1)
    if i < n:
        x, y = pts[i, 0], pts[i, 1]
        pts[i, 0] = scale * (c * x - s * y)
        pts[i, 1] = scale * (s * x + c * y)
        pts[i, 2] = scale * pts[i, 2]


def augment(points, rng, max_yaw=math.pi / 4, scale_range=(0.95, 1.05)):
    """In-place augmentation of an (N, 4) float32 array; the array is page-locked during the transfer."""
    yaw = rng.uniform(-max_yaw, max_yaw)
    scale = rng.uniform(*scale_range)
    n = len(points)
    stream = cuda.stream()
    with cuda.pinned(points):
        d = cuda.to_device(points, stream=stream)
        _rotate_scale_kernel[(n + 255) // 256, 256, stream](d, n, math.cos(yaw), math.sin(yaw), scale)
        d.copy_to_host(points, stream=stream)
        stream.synchronize()
    points[:, :3] += rng.normal(0.0, 0.01, size=(n, 3)).astype(np.float32)
    return points
