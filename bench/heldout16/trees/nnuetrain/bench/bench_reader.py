"""Batches per second from the binpack reader, fresh batches vs the stream ring."""
import sys
import time

import torch

from nnuetrain.binpack import BinpackBatches


def main(path: str, batch_size: int = 16384, n: int = 200) -> None:
    sink = torch.empty(batch_size, dtype=torch.float32, pin_memory=True)
    for stream in (False, True):
        data = BinpackBatches(path, "HalfKAv2_hm", batch_size, n * batch_size, "cuda", stream=stream)
        t0 = time.perf_counter()
        for b in data:
            sink.copy_(b["score"][:, 0], non_blocking=True)
        torch.cuda.synchronize()
        print(f"stream={stream}: {n / (time.perf_counter() - t0):.1f} batches/s")
        data.close()


if __name__ == "__main__":
    main(sys.argv[1])
