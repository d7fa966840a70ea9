"""Streams ligand conformers from an SDF-derived .npz shard set."""
import glob

import cupyx
import numpy as np


def iter_chunks(pattern, chunk, max_atoms=64):
    staging = cupyx.zeros_pinned((chunk, max_atoms, 3), dtype=np.float32)
    for path in sorted(glob.glob(pattern)):
        shard = np.load(path)
        coords, ids = shard["coords"], shard["ids"]
        for start in range(0, len(ids), chunk):
            n = min(chunk, len(ids) - start)
            staging[:n] = coords[start:start + n, :max_atoms]
            yield ids[start:start + n], staging[:n]
