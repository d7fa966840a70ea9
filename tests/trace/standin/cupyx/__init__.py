"""A stand-in for cupyx's pinned arrays."""


class ndarray:
    def __init__(self, nbytes):
        self.nbytes = nbytes


def empty_pinned(shape, dtype=None):
    n = 1
    for s in (shape if isinstance(shape, tuple) else (shape,)):
        n *= s
    return ndarray(8 * n)


def zeros_pinned(shape, dtype=None):
    return empty_pinned(shape, dtype)
