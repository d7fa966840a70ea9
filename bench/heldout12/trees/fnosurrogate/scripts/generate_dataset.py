"""Darcy flow dataset: random piecewise-constant permeability, pressure by Jacobi iterations
on the GPU (Numba). Run once per dataset."""
import argparse
import math

import numpy as np
from numba import cuda


@cuda.jit
def jacobi(a, f, u, u_new, h2):
    i, j = cuda.grid(2)
    n = u.shape[0]
    if 0 < i < n - 1 and 0 < j < n - 1:
        ae, aw = 0.5 * (a[i, j] + a[i, j + 1]), 0.5 * (a[i, j] + a[i, j - 1])
        an, as_ = 0.5 * (a[i, j] + a[i - 1, j]), 0.5 * (a[i, j] + a[i + 1, j])
        u_new[i, j] = (h2 * f + ae * u[i, j + 1] + aw * u[i, j - 1] + an * u[i - 1, j] + as_ * u[i + 1, j]) / (
            ae + aw + an + as_
        )


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("out")
    ap.add_argument("--n", type=int, default=1024)
    ap.add_argument("--res", type=int, default=241)
    ap.add_argument("--iters", type=int, default=4000)
    args = ap.parse_args()
    rng = np.random.default_rng(0)
    data = cuda.pinned_array((args.n, 2, args.res, args.res), dtype=np.float32)
    grid = (math.ceil(args.res / 16), math.ceil(args.res / 16))
    h2 = (1.0 / (args.res - 1)) ** 2
    for k in range(args.n):
        coarse = np.where(rng.standard_normal((16, 16)) > 0, 12.0, 3.0)
        a = np.kron(coarse, np.ones((args.res // 16 + 1, args.res // 16 + 1)))[: args.res, : args.res]
        d_a, d_u, d_v = cuda.to_device(a), cuda.device_array_like(a), cuda.device_array_like(a)
        d_u[:] = 0
        d_v[:] = 0
        for _ in range(args.iters // 2):
            jacobi[grid, (16, 16)](d_a, 1.0, d_u, d_v, h2)
            jacobi[grid, (16, 16)](d_a, 1.0, d_v, d_u, h2)
        data[k, 0] = a
        data[k, 1] = d_u.copy_to_host()
    np.save(args.out, data)


if __name__ == "__main__":
    main()
