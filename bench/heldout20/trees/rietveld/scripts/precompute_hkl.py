#!/usr/bin/env python3
"""Generate the RVHKL1 reflection table for a cell (run once per phase, offline)."""

import argparse
import ctypes
import itertools

import numpy as np

from rietveld import cudart


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("out")
    ap.add_argument("--cell", type=float, nargs=6, required=True)
    ap.add_argument("--dmin", type=float, default=0.8)
    ap.add_argument("--hmax", type=int, default=20)
    args = ap.parse_args()
    a, b, c = args.cell[:3]
    n = (2 * args.hmax + 1) ** 3
    p = ctypes.c_void_p()
    cudart.check(cudart.lib.cudaHostAlloc(ctypes.byref(p), n * 4 * 8, 0))
    table = np.ctypeslib.as_array((ctypes.c_double * (n * 4)).from_address(p.value)).reshape(n, 4)
    rows = 0
    for h, k, l in itertools.product(range(-args.hmax, args.hmax + 1), repeat=3):
        if (h, k, l) == (0, 0, 0):
            continue
        d = 1.0 / np.sqrt((h / a) ** 2 + (k / b) ** 2 + (l / c) ** 2)
        if d >= args.dmin and (h, k, l) >= (0, 0, 0):
            table[rows] = (h, k, l, d)
            rows += 1
    with open(args.out, "w") as fh:
        fh.write(f"RVHKL1\n{rows}\n")
        for h, k, l, _ in table[:rows]:
            fh.write(f"{int(h)} {int(k)} {int(l)} 2 1.0\n")
    cudart.lib.cudaFreeHost(p)
    print(f"{args.out}: {rows} reflections")


if __name__ == "__main__":
    main()
