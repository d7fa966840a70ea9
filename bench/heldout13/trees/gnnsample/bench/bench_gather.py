"""Host gather throughput: pageable vs page-locked destination blocks."""
import time

import torch

from gnnsample import FeatureStore


def main(path: str = "/data/graphs/products/feat_fp16.bin", dim: int = 100) -> None:
    store = FeatureStore(path, dim)
    n = store.feats.shape[0]
    for bs in (1024, 4096, 16384, 65536):
        ids = torch.randint(0, n, (bs * 8,))
        dst = torch.empty((ids.numel(), dim), dtype=torch.float16, pin_memory=True)
        t0 = time.perf_counter()
        torch.index_select(store.feats, 0, ids, out=dst)
        dst.cuda(non_blocking=True)
        torch.cuda.synchronize()
        print(f"{bs:6d}: {ids.numel() * dim * 2 / (time.perf_counter() - t0) / 1e9:.2f} GB/s")
    store.close()


if __name__ == "__main__":
    main()
