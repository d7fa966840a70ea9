import time

import torch

import signrec  # noqa: F401


def main(n=500):
    kp = torch.randn(300, 67, 3).pin_memory()
    for _ in range(10):
        torch.ops.signrec.normalize_poses(kp)
    t0 = time.perf_counter()
    for _ in range(n):
        torch.ops.signrec.normalize_poses(kp)
    print(f"{(time.perf_counter() - t0) / n * 1e6:.0f} us per clip")


if __name__ == "__main__":
    main()
