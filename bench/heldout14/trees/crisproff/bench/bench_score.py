import time

import cupyx
import numpy as np

from crisproff.scorer import Scorer


def main(index="chr21.ots", n=100):
    s = Scorer(index)
    pool = cupyx.empty_pinned((64, 20), dtype=np.uint8)
    pool[:] = np.frombuffer(b"ACGT" * 320, dtype=np.uint8).reshape(64, 20)
    guides = [bytes(r).decode() for r in pool]
    t0 = time.perf_counter()
    for _ in range(n):
        s.score(guides)
    print(f"{(time.perf_counter() - t0) / n * 1e3:.1f} ms / 64 guides")


if __name__ == "__main__":
    main()
