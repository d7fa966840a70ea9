"""Relative L2 of a trained checkpoint on the test split (run once after training)."""
from __future__ import annotations

import argparse
from pathlib import Path

import jax
import jax.numpy as jnp
import numpy as np

from . import checkpoint
from .data.normalizer import UnitGaussianNormalizer
from .model import FNO2d
from .offload import HOST
from .train import rel_l2


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("ckpt")
    ap.add_argument("train_npy")
    ap.add_argument("test_npy")
    args = ap.parse_args()
    train = np.load(args.train_npy, mmap_mode="r")
    test = np.load(args.test_npy)
    norm = UnitGaussianNormalizer(train[:, 0])
    model = FNO2d()
    like = model.init(jax.random.PRNGKey(0), jnp.zeros((1,) + test.shape[2:]))
    params = checkpoint.restore(Path(args.ckpt), (like, None))[0]
    truth = jax.device_put(test[:, 1], HOST)
    errs = []
    for i in range(0, test.shape[0], 50):
        pred = model.apply(params, jnp.asarray(norm.encode(test[i : i + 50, 0])))
        errs.append(float(rel_l2(pred, jax.device_put(truth[i : i + 50], jax.devices()[0]))))
    print(f"test rel-L2: {np.mean(errs):.4e}")


if __name__ == "__main__":
    main()
