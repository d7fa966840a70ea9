from __future__ import annotations

import glob
import os

import torch

import cryoet_n2n  # noqa: F401  (loads the ops)


def reconstruct_halves(tilt_dir: str, thickness: int = 300) -> list[tuple]:
    """Back-project the even and odd halves of every tilt series in tilt_dir."""
    out = []
    for path in sorted(glob.glob(os.path.join(tilt_dir, "*_even.mrc"))):
        angles = torch.tensor([float(a) for a in open(path.replace("_even.mrc", ".tlt"))])
        halves = []
        for half in (path, path.replace("_even", "_odd")):
            tilts = torch.ops.cryoet.read_mrc(half).cuda()
            halves.append(torch.ops.cryoet.backproject(tilts, angles, thickness).numpy())
        out.append(tuple(halves))
    return out
