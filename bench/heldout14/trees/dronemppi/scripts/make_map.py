"""Rasterise a warehouse floor plan (JSON boxes) into an .occ occupancy file."""
import json
import struct
import sys

import numpy as np
import torch


def main(src, dst, res=0.2):
    boxes = json.load(open(src))
    nx, ny, nz = 400, 300, 40
    grid = torch.zeros((nz, ny, nx), dtype=torch.uint8).pin_memory()
    for b in boxes:
        x0, y0, z0, x1, y1, z1 = (int(v / res) for v in b)
        grid[z0:z1, y0:y1, x0:x1] = 1
    with open(dst, "wb") as f:
        f.write(b"OCC1" + struct.pack("<IIIf", nx, ny, nz, res))
        f.write(np.ascontiguousarray(grid.numpy()).tobytes())


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
