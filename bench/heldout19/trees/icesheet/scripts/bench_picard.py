"""Times Picard iterations, and a host->device copy from a pinned vs a pageable buffer."""

import time

import torch

from icesheet import _icesheet


def main() -> None:
    opts = _icesheet.SolverOptions()
    solver = _icesheet.Solver("data/mesh_small.bin", opts)
    for trial in range(5):
        t0 = time.perf_counter()
        solver.picard(10)
        print(f"trial {trial}: picard x10 {1e3 * (time.perf_counter() - t0):.1f} ms")

    n = 1 << 22
    dev = torch.empty(n, device="cuda")
    for trial in range(3):
        pinned = torch.empty(n, dtype=torch.float32, pin_memory=True)
        pageable = torch.empty(n, dtype=torch.float32)
        for name, src in (("pinned", pinned), ("pageable", pageable)):
            torch.cuda.synchronize()
            t0 = time.perf_counter()
            dev.copy_(src, non_blocking=True)
            torch.cuda.synchronize()
            print(f"trial {trial} {name}: {n * 4 / (time.perf_counter() - t0) / 1e9:.2f} GB/s")


if __name__ == "__main__":
    main()
