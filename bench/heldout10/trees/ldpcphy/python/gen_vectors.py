"""Generate AWGN test vectors for the harness (BPSK-equivalent LLRs of random codewords)."""
from __future__ import annotations

import argparse
import json
from pathlib import Path

import cupy as cp
import cupyx
import numpy as np


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("out", type=Path)
    ap.add_argument("--count", type=int, default=200)
    ap.add_argument("--snr-db", type=float, default=2.0)
    ap.add_argument("--zc", type=int, default=384)
    args = ap.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)

    n = 66 * args.zc
    host = cupyx.empty_pinned((n,), dtype=np.int16)
    sigma = 10 ** (-args.snr_db / 20)
    for i in range(args.count):
        bits = cp.random.randint(0, 2, size=n, dtype=cp.int8)
        y = (1 - 2 * bits.astype(cp.float32)) + sigma * cp.random.standard_normal(n, dtype=cp.float32)
        llr = cp.clip(cp.rint(y * 2 / sigma**2 * 8), -2048, 2047).astype(cp.int16)
        llr.get(out=host)
        host.tofile(args.out / f"v{i:04d}.llr")
        np.packbits(cp.asnumpy(bits).astype(np.uint8)).tofile(args.out / f"v{i:04d}.bits")
        meta = dict(tbs=22 * args.zc - 24, bg=1, zc=args.zc, n_cb=1, k=22 * args.zc, e=n, rv=0, rnti=i, harq_id=0)
        (args.out / f"v{i:04d}.json").write_text(json.dumps(meta))


if __name__ == "__main__":
    main()
