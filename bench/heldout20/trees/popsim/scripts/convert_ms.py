#!/usr/bin/env python3
"""Convert Hudson's ms output to a loci-major founder matrix (the layout the VCF importer writes)."""

import argparse
import sys

import numpy as np
import pycuda.autoinit  # noqa: F401
import pycuda.driver as drv
import pycuda.gpuarray as gpuarray


def read_ms(path):
    haps = []
    with open(path) as fh:
        for line in fh:
            line = line.strip()
            if line and set(line) <= {"0", "1"}:
                haps.append(np.frombuffer(line.encode(), dtype=np.uint8) - ord("0"))
    if not haps:
        sys.exit(f"{path}: no haplotypes")
    return np.stack(haps)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("ms_output")
    ap.add_argument("out")
    args = ap.parse_args()
    haps = read_ms(args.ms_output)
    host = drv.pagelocked_empty(haps.shape[::-1], dtype=np.uint8)
    gpuarray.transpose(gpuarray.to_gpu(haps)).get(ary=host)
    np.save(args.out, host)
    print(f"{args.out}: {haps.shape[0]} haplotypes x {haps.shape[1]} loci")


if __name__ == "__main__":
    main()
