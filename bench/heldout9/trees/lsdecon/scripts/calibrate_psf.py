"""One-shot: average bead crops from a calibration stack into an experimental PSF."""
import sys

import cupyx
import numpy as np
import tifffile


def main(stack_path, beads_csv, out_path, half=16):
    stack = tifffile.imread(stack_path).astype(np.float32)
    beads = np.loadtxt(beads_csv, delimiter=",", dtype=int)
    acc = cupyx.zeros_pinned((2 * half,) * 3, dtype=np.float32)
    for z, y, x in beads:
        acc += stack[z - half:z + half, y - half:y + half, x - half:x + half]
    tifffile.imwrite(out_path, acc / acc.sum())


if __name__ == "__main__":
    main(*sys.argv[1:4])
