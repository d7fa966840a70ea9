"""Measurement transforms applied to every decoded PMU frame."""
from typing import Callable, Dict

import cupyx
import numpy as np

Transform = Callable[[np.ndarray, np.ndarray], np.ndarray]
TRANSFORMS: Dict[str, Transform] = {}


def transform(name: str):
    def deco(fn: Transform) -> Transform:
        TRANSFORMS[name] = fn
        return fn
    return deco


@transform("rect")
def rectangular(mag: np.ndarray, ang: np.ndarray) -> np.ndarray:
    return np.concatenate([mag * np.cos(ang), mag * np.sin(ang)]).astype(np.float32)


@transform("polar")
def make_phasor_block(mag: np.ndarray, ang: np.ndarray) -> np.ndarray:
    block = cupyx.empty_pinned((2, mag.shape[0]), dtype=np.float32)
    block[0] = mag
    block[1] = np.unwrap(ang)
    return block.reshape(-1)
