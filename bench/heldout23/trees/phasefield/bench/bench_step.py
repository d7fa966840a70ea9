"""Times the Kokkos solute sub-step on a 2048^2 grid."""
import time

import numpy as np

from phasefield import _solute


def main() -> None:
    n = 2048
    solver = _solute.SoluteSolver(n, n, 1.0)
    phi = np.zeros((n, n), np.float32)
    phi[:, : n // 4] = 1.0
    times = []
    for _ in range(50):
        t0 = time.perf_counter()
        solver.step(phi, 0.01)
        times.append(time.perf_counter() - t0)
    print(f"solute step: {1e3 * np.median(times):.2f} ms median")


if __name__ == "__main__":
    main()
