import argparse

import numpy as np

from .recon import Reconstructor, load_kspace


def main(argv=None):
    ap = argparse.ArgumentParser(prog="mrrecon")
    ap.add_argument("scan", help=".npz with kspace (slices, coils, samples) and calib")
    ap.add_argument("--trajectory", required=True)
    ap.add_argument("--noise", required=True)
    ap.add_argument("--matrix", type=int, nargs=2, default=(256, 256))
    ap.add_argument("--coils", type=int, default=32)
    ap.add_argument("--cg-iters", type=int, default=10)
    ap.add_argument("--out", default="volume.npy")
    a = ap.parse_args(argv)
    kspace = load_kspace(a.scan, a.coils)
    calib = np.load(a.scan)["calib"]
    rec = Reconstructor(a.matrix[0], a.matrix[1], kspace.shape[-1], a.trajectory, a.noise, a.coils, a.cg_iters)
    try:
        np.save(a.out, rec.reconstruct_volume(kspace, calib))
    finally:
        rec.close()


if __name__ == "__main__":
    main()
