"""specpipe: channelize -> STFT -> dedisperse -> threshold, one voltage block at a time.

    python -m specpipe.pipeline capture.raw --nchan 256 --block 1048576
"""

from __future__ import annotations

import argparse

import numpy as np

from .cupy_backend import CupySTFT
from .hostmem import pinned_empty
from .numba_backend import Dedisperser, dedisperse_batch, delay_table
from .pycuda_backend import Channelizer


def read_blocks(path: str, block: int):
    with open(path, "rb") as fh:
        while True:
            raw = np.fromfile(fh, dtype=np.complex64, count=block)
            if raw.size < block:
                return
            yield raw


def threshold(series: np.ndarray, sigma: float) -> np.ndarray:
    mask = pinned_empty(series.shape, np.bool_)
    mu, sd = series.mean(axis=1, keepdims=True), series.std(axis=1, keepdims=True)
    np.greater(series, mu + sigma * sd, out=mask)
    return mask


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("capture")
    ap.add_argument("--nchan", type=int, default=256)
    ap.add_argument("--block", type=int, default=1 << 20)
    ap.add_argument("--dm-max", type=float, default=1000.0)
    ap.add_argument("--n-dm", type=int, default=512)
    ap.add_argument("--sigma", type=float, default=6.0)
    ap.add_argument("--reuse", action="store_true", help="reuse one output buffer per stage")
    ap.add_argument("--stft", action="store_true", help="STFT front end instead of the channelizer")
    args = ap.parse_args()

    taps = np.hanning(8 * args.nchan).astype(np.float32)
    chan = Channelizer(taps, args.nchan, args.block)
    stft = CupySTFT(args.nchan, args.nchan // 2, np.empty(args.block, np.complex64))
    freqs = np.linspace(1200.0, 1500.0, args.nchan)
    delays = delay_table(freqs, np.linspace(0, args.dm_max, args.n_dm), tsamp=args.nchan / 400e6)
    n_time = args.block // args.nchan - 7
    dd = Dedisperser(delays, n_time) if args.reuse else None

    from numba import cuda as ncuda

    d_delays = ncuda.to_device(delays)
    hits = 0
    for i, raw in enumerate(read_blocks(args.capture, args.block)):
        if args.stft:
            spec = stft.transform(raw).T.astype(np.float32)
        else:
            spec = np.abs(chan(raw)).T.astype(np.float32)
        series = dd(spec) if dd is not None else dedisperse_batch(spec, d_delays, args.n_dm)
        mask = threshold(series, args.sigma)
        hits += int(mask.sum())
        if i % 100 == 0:
            print(f"block {i}: {hits} candidates so far")


if __name__ == "__main__":
    main()
