import numpy as np
from numba import cuda


def load_frames(path, n):
    rec = np.dtype([("step", np.int64), ("pos", np.float32, (n, 4))])
    return np.fromfile(path, dtype=rec)


def mean_square_displacement(path, n):
    frames = load_frames(path, n)
    staged = [cuda.pinned_array((n, 3), dtype=np.float32) for _ in frames]
    for host, fr in zip(staged, frames):
        host[:] = fr["pos"][:, :3]
    ref = cuda.to_device(staged[0])
    out = []
    for host in staged:
        d = cuda.to_device(host)
        out.append(float(((d.copy_to_host() - ref.copy_to_host()) ** 2).sum(1).mean()))
    return np.asarray(out)
