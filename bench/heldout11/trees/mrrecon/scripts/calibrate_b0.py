"""One-off B0 field-map calibration from a dual-echo scan."""
import argparse

import numpy as np
import torch


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("echo1")
    ap.add_argument("echo2")
    ap.add_argument("--dte-ms", type=float, default=2.46)
    ap.add_argument("--out", default="b0_map.npy")
    a = ap.parse_args()
    e1 = torch.from_numpy(np.load(a.echo1)).cuda()
    e2 = torch.from_numpy(np.load(a.echo2)).cuda()
    fmap = torch.angle(e2 * e1.conj()) / (2 * np.pi * a.dte_ms * 1e-3)
    host = torch.empty(fmap.shape, dtype=fmap.dtype, pin_memory=True)
    host.copy_(fmap)
    np.save(a.out, host.numpy())


if __name__ == "__main__":
    main()
