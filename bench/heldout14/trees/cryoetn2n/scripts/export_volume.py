"""Denoise one tomogram and write it as raw float32 (one-off, for inspection in a viewer)."""
import sys

import torch

import cryoet_n2n  # noqa: F401
from cryoet_n2n.predict import Predictor


def main(ckpt, mrc, out):
    vol = torch.ops.cryoet.read_mrc(mrc)
    den = Predictor(ckpt)(vol)
    host = den.contiguous().pin_memory()
    host.numpy().tofile(out)


if __name__ == "__main__":
    main(*sys.argv[1:4])
