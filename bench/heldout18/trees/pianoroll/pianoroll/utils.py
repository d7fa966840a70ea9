import functools
import time

import torch


def staged(fn):
    """Decorator: run fn and hand its tensors back in page-locked memory for async H2D."""
    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        out = fn(*args, **kwargs)
        return tuple(t.pin_memory() for t in out)
    return wrapper


class Timer:
    def __enter__(self):
        self.t0 = time.perf_counter()
        return self

    def __exit__(self, *exc):
        self.elapsed = time.perf_counter() - self.t0
