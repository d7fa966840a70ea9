"""Detector throughput: channels per second on a synthetic PSD."""
import argparse
import time

import numpy as np

from specmon._lib import SmDetection, check, lib


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--nfft", type=int, default=65536)
    ap.add_argument("--channels", type=int, default=1024)
    ap.add_argument("--iters", type=int, default=100)
    args = ap.parse_args()
    ctx = lib.sm_create(0, args.nfft, args.channels, 20e6, 400e6)
    psd = (np.random.default_rng(0).standard_normal(args.nfft) - 100).astype(np.float32)
    dets = (SmDetection * 256)()
    t0 = time.perf_counter()
    for _ in range(args.iters):
        check(lib.sm_detect(ctx, psd.ctypes.data, 6.0, dets, 256))
    dt = time.perf_counter() - t0
    print(f"{args.channels * args.iters / dt:,.0f} channels/s")
    lib.sm_destroy(ctx)


if __name__ == "__main__":
    main()
