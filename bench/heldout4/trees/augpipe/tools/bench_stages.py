"""Throughput of each stage on synthetic batches (not part of training)."""
import time

import cupy as cp
import cupyx
import numpy as np

from augpipe.decode import DecodeStage
from augpipe.pipeline import Batch


def bench_decode(batch_sizes=(8, 32, 128), clip=16000 * 10):
    stage = DecodeStage()
    for bs in batch_sizes:
        raw = cupyx.empty_pinned((bs, clip), dtype=np.int16)
        raw[...] = np.random.randint(-3000, 3000, size=raw.shape, dtype=np.int16)
        batch = Batch(raw=[r.tobytes() for r in raw])
        cp.cuda.Device().synchronize()
        t0 = time.perf_counter()
        stage(batch)
        cp.cuda.Device().synchronize()
        print(f"decode bs={bs}: {(time.perf_counter() - t0) * 1e3:.2f} ms")


if __name__ == "__main__":
    bench_decode()
