import time

import torch

from signpose.augment import TemporalSmoother
from signpose.data import ClipBatch


def main():
    smoother = TemporalSmoother()
    kp = torch.rand(48, 64, 75, 3)
    segs = [(i * 64, (i + 1) * 64) for i in range(48)]
    t0 = time.perf_counter()
    for _ in range(50):
        smoother(ClipBatch(kp.clone(), torch.zeros(48, dtype=torch.long), segs))
    torch.cuda.synchronize()
    print(f"{(time.perf_counter() - t0) / 50 * 1e3:.2f} ms / batch")


if __name__ == "__main__":
    main()
