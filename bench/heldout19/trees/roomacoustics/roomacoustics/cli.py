from __future__ import annotations

import argparse
import logging
from pathlib import Path

import numpy as np

from ._lib import check, lib
from .auralize import convolve
from .batch import simulate
from .room import Room


def main(argv=None) -> None:
    logging.basicConfig(level=logging.INFO)
    ap = argparse.ArgumentParser(prog="roomacoustics")
    sub = ap.add_subparsers(dest="cmd", required=True)
    b = sub.add_parser("batch")
    b.add_argument("spec", type=Path)
    b.add_argument("--out", type=Path, default=Path("out"))
    b.add_argument("--fs", type=int, default=16000)
    a = sub.add_parser("auralize")
    a.add_argument("--dims", type=float, nargs=3, required=True)
    a.add_argument("--alpha", type=float, default=0.3)
    a.add_argument("--src", type=float, nargs=3, default=(1.0, 1.0, 1.5))
    a.add_argument("--mic", type=float, nargs=3, default=(2.5, 2.0, 1.2))
    a.add_argument("--dry", type=Path, required=True)
    a.add_argument("--wav", type=Path, required=True)
    a.add_argument("--fs", type=int, default=16000)
    args = ap.parse_args(argv)
    if args.cmd == "batch":
        simulate(args.spec, args.out, args.fs)
        return
    room = Room(tuple(args.dims), (args.alpha,) * 6)
    wet = convolve(room.rir(args.src, args.mic, args.fs), np.fromfile(args.dry, dtype=np.float32))
    check(lib.ra_write_wav(str(args.wav).encode(), wet.ctypes.data, len(wet), args.fs))


if __name__ == "__main__":
    main()
