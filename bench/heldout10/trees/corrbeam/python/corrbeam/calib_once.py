"""Solve initial beam weights from one calibrator capture and write weights.bin."""
from __future__ import annotations

import argparse

import numpy as np
import torch

from corrbeam import _corrbeam


def solve_phases(vis: np.ndarray, n_ant: int) -> np.ndarray:
    ref = vis[:n_ant]  # baselines (0, j) come first
    return np.conj(ref / np.maximum(np.abs(ref), 1e-6))


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("capture")
    ap.add_argument("--taps", default="pfb_taps.bin")
    ap.add_argument("--ants", type=int, default=64)
    ap.add_argument("--chans", type=int, default=1024)
    ap.add_argument("--time", type=int, default=256)
    ap.add_argument("--beams", type=int, default=4)
    ap.add_argument("--out", default="weights.bin")
    args = ap.parse_args()

    volts = np.fromfile(args.capture, dtype=np.int8)
    vis = _corrbeam.correlate_once(volts, args.taps, args.ants, args.chans, args.time)
    phases = solve_phases(vis, args.ants)
    weights = torch.from_numpy(np.tile(phases, (args.beams, 1, 1)).astype(np.complex64)).pin_memory()
    weights.numpy().tofile(args.out)


if __name__ == "__main__":
    main()
