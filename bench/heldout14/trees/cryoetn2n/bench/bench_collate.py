import time

import torch

from cryoet_n2n.collate import PairCollate


def main(n=200):
    items = [torch.randn(2, 72, 72, 72) for _ in range(8)]
    c = PairCollate()
    t0 = time.perf_counter()
    for _ in range(n):
        c(items)
    print(f"collate: {(time.perf_counter() - t0) / n * 1e3:.2f} ms")
    ref = torch.randn(8, 2, 72, 72, 72).pin_memory()
    t0 = time.perf_counter()
    for _ in range(n):
        ref.cuda(non_blocking=True)
    torch.cuda.synchronize()
    print(f"h2d: {(time.perf_counter() - t0) / n * 1e3:.2f} ms")


if __name__ == "__main__":
    main()
