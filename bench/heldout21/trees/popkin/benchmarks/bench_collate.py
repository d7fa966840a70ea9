"""Time pk_collate on synthetic subjects (python benchmarks/bench_collate.py)."""
import time

import numpy as np

from popkin.data import Subject, pk_collate


def make_subjects(n, rng):
    return [Subject(i, rng.random(4, dtype=np.float32), np.arange(3, dtype=np.float32),
                    rng.random(3, dtype=np.float32), np.arange(40, dtype=np.float32),
                    rng.random(40, dtype=np.float32)) for i in range(n)]


def main():
    rng = np.random.default_rng(0)
    subjects = make_subjects(64, rng)
    t0 = time.perf_counter()
    for _ in range(200):
        pk_collate(subjects)
    print(f"pk_collate: {(time.perf_counter() - t0) / 200 * 1e3:.3f} ms/batch")


if __name__ == "__main__":
    main()
