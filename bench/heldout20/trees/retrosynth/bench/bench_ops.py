"""Host-to-device cost of collate-sized index tensors, pageable vs pinned."""

import time

import torch


def run(n_items: int, on_bits: int, reps: int = 200) -> None:
    for pinned in (False, True):
        torch.cuda.synchronize()
        t0 = time.perf_counter()
        for _ in range(reps):
            x = torch.randint(0, 2048, (n_items * on_bits,))
            if pinned:
                x = x.pin_memory()
            x.to("cuda", non_blocking=True)
        torch.cuda.synchronize()
        us = (time.perf_counter() - t0) / reps * 1e6
        print(f"items={n_items:5d} bits={on_bits:4d} pinned={pinned!s:5} {us:8.1f} us/batch")


if __name__ == "__main__":
    for n in (64, 256, 1024):
        run(n, 48)
