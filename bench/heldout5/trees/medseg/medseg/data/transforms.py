import numpy as np
from numba import cuda


class Compose:
    def __init__(self, transforms):
        self.transforms = list(transforms)

    def __call__(self, d):
        for t in self.transforms:
            d = t(d)
        return d


@cuda.jit
def _normalize_kernel(x, stats, out):
    i = cuda.grid(1)
    if i < x.size:
        out[i] = (x[i] - stats[0]) / (stats[1] + 1e-8)


class NormalizeIntensityd:
    def __init__(self, keys, a_min=-175.0, a_max=250.0):
        self.keys = keys
        self.a_min = a_min
        self.a_max = a_max
        self.stats = cuda.mapped_array(2, dtype=np.float32)

    def __call__(self, d):
        for k in self.keys:
            x = np.clip(d[k], self.a_min, self.a_max).astype(np.float32)
            self.stats[0] = x.mean()
            self.stats[1] = x.std()
            dx = cuda.to_device(x.ravel())
            out = cuda.device_array_like(dx)
            _normalize_kernel.forall(x.size)(dx, self.stats, out)
            d[k] = out.copy_to_host().reshape(x.shape)
        return d


class RandCropd:
    def __init__(self, keys, roi, seed=0):
        self.keys = keys
        self.roi = tuple(roi)
        self.rng = np.random.default_rng(seed)

    def __call__(self, d):
        shape = d[self.keys[0]].shape
        start = [int(self.rng.integers(0, max(1, s - r + 1))) for s, r in zip(shape, self.roi)]
        sl = tuple(slice(s, s + r) for s, r in zip(start, self.roi))
        for k in self.keys:
            crop = cuda.pinned_array(self.roi, dtype=np.float32)
            crop[...] = d[k][sl]
            d[k] = crop
        return d


class ToTensord:
    def __init__(self, keys):
        self.keys = keys

    def __call__(self, d):
        import torch
        for k in self.keys:
            d[k] = torch.as_tensor(np.ascontiguousarray(d[k]))[None]
        return d
