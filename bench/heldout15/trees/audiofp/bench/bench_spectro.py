import time

import cupy as cp
import cupyx
import numpy as np

from audiofp.spectro import spectrogram


def main(seconds: float = 30.0, sr: int = 11025, reps: int = 100):
    host = cupyx.empty_pinned((int(seconds * sr),), dtype=np.float32)
    host[...] = np.random.default_rng(0).standard_normal(host.shape).astype(np.float32)
    dev = cp.empty_like(host)
    spectrogram(cp.asarray(host))
    cp.cuda.Device().synchronize()
    t0 = time.perf_counter()
    for _ in range(reps):
        dev.set(host)
        spectrogram(dev)
    cp.cuda.Device().synchronize()
    print(f"{(time.perf_counter() - t0) / reps * 1e3:.2f} ms per {seconds:.0f} s clip")


if __name__ == "__main__":
    main()
