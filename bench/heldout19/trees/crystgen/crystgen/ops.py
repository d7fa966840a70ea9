"""Python entry points of the C++ ops in csrc/ (registered under torch.ops.crystgen)."""

from __future__ import annotations

from pathlib import Path

import torch

for _so in Path(__file__).parent.glob("_crystgen_ops*.so"):
    torch.ops.load_library(str(_so))
    break


def build_neighbors(frac, lattice, batch, cutoff: float):
    return torch.ops.crystgen.radius_graph(frac, lattice, batch, float(cutoff))


def supercell(frac, types, reps: int):
    return torch.ops.crystgen.make_supercell(frac, types, int(reps))
