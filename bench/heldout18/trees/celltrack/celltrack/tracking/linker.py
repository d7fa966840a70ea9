import numpy as np
from numba import cuda
from scipy.optimize import linear_sum_assignment


@cuda.jit
def _cost_kernel(a, b, out):
    i, j = cuda.grid(2)
    if i < a.shape[0] and j < b.shape[0]:
        dx = a[i, 1] / max(a[i, 0], 1) - b[j, 1] / max(b[j, 0], 1)
        dy = a[i, 2] / max(a[i, 0], 1) - b[j, 2] / max(b[j, 0], 1)
        out[i, j] = dx * dx + dy * dy


class Linker:
    def __init__(self, max_disp):
        self.max_disp2 = max_disp * max_disp

    def link(self, prev, cur):
        cost = cuda.mapped_array((len(prev), len(cur)), dtype=np.float32)
        tpb = (16, 16)
        bpg = ((len(prev) + 15) // 16, (len(cur) + 15) // 16)
        _cost_kernel[bpg, tpb](cuda.to_device(prev), cuda.to_device(cur), cost)
        cuda.synchronize()
        rows, cols = linear_sum_assignment(np.asarray(cost))
        keep = np.asarray(cost)[rows, cols] < self.max_disp2
        return list(zip(rows[keep], cols[keep]))
