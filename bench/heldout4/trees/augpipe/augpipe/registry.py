"""Name -> augmentation callback, configured with functools.partial."""
import functools

import cupy as cp
import cupyx
import numpy as np

AUGMENTS = {}


def register(name, **defaults):
    def deco(fn):
        AUGMENTS[name] = functools.partial(fn, **defaults)
        return fn
    return deco


@functools.lru_cache(maxsize=None)
def _gain_buffer(batch_size):
    return cupyx.empty_pinned((batch_size,), dtype=np.float32)


@register("gain", low_db=-6.0, high_db=6.0)
def apply_gain(batch, low_db, high_db):
    n = batch.audio.shape[0]
    g = _gain_buffer(n)
    g[:] = 10 ** (np.random.uniform(low_db, high_db, size=n) / 20)
    batch.audio *= cp.asarray(g)[:, None]
    return batch


@register("polarity", p=0.5)
def apply_polarity(batch, p):
    flip = cp.asarray(np.where(np.random.rand(batch.audio.shape[0]) < p, -1.0, 1.0).astype(np.float32))
    batch.audio *= flip[:, None]
    return batch


def run_augments(batch, names):
    for name in names:
        batch = AUGMENTS[name](batch)
    return batch
