from __future__ import annotations

from pathlib import Path

import jax
import numpy as np

from .offload import HOST


def save(path: Path, params, opt_state, step: int) -> None:
    leaves, _ = jax.tree_util.tree_flatten((params, opt_state))
    host_leaves = [jax.device_put(x, HOST) for x in leaves]
    np.savez(path / f"ckpt_{step:07d}.npz", *[np.asarray(x) for x in host_leaves])


def restore(file: Path, like):
    leaves, treedef = jax.tree_util.tree_flatten(like)
    with np.load(file) as z:
        return jax.tree_util.tree_unflatten(treedef, [z[f"arr_{i}"] for i in range(len(leaves))])
