from __future__ import annotations

import numpy as np
import torch

try:
    from rdkit import Chem
    from rdkit.Chem import rdFingerprintGenerator
except ImportError:  # the trainer does not need rdkit
    Chem = None


_GEN = None


def morgan_on_bits(smiles: str, n_bits: int = 2048, radius: int = 2) -> np.ndarray:
    global _GEN
    if Chem is None:
        raise RuntimeError("rdkit is required for featurisation")
    if _GEN is None:
        _GEN = rdFingerprintGenerator.GetMorganGenerator(radius=radius, fpSize=n_bits)
    mol = Chem.MolFromSmiles(smiles)
    if mol is None:
        raise ValueError(f"unparsable SMILES: {smiles!r}")
    return np.asarray(list(_GEN.GetFingerprint(mol).GetOnBits()), dtype=np.int64)


def guess_arity(smiles: str) -> int:
    """Crude reactant-count prior: one disconnection per amide/ester/biaryl, capped at 3."""
    motifs = ("C(=O)N", "C(=O)O", "c-c")
    return max(1, min(3, 1 + sum(smiles.count(m) for m in motifs)))


def index_building_blocks(fps: torch.Tensor) -> torch.Tensor:
    """Popcount-ordered index of the purchasable building blocks, for Tanimoto screening."""
    return torch.ops.retro.index_building_blocks(fps)
