"""How much does a fresh pinned buffer per swap cost compared with reusing pool blocks?"""
import argparse
import time

import torch

from kvswap.block_pool import HostBlockPool
from kvswap.config import CacheConfig


def time_fresh(shape, iters):
    torch.cuda.synchronize()
    t0 = time.perf_counter()
    for _ in range(iters):
        buf = torch.empty(shape, dtype=torch.float16, pin_memory=True)
        del buf
    return (time.perf_counter() - t0) / iters


def time_pool(pool, iters):
    t0 = time.perf_counter()
    for _ in range(iters):
        idx = pool.allocate()
        pool.free(idx)
    return (time.perf_counter() - t0) / iters


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--iters", type=int, default=200)
    ap.add_argument("--blocks", type=int, default=64)
    args = ap.parse_args()
    cfg = CacheConfig(num_cpu_blocks=args.blocks)
    pool = HostBlockPool(cfg)
    fresh = time_fresh(cfg.block_shape, args.iters)
    reuse = time_pool(pool, args.iters)
    print(f"fresh pinned block: {fresh * 1e6:9.1f} us")
    print(f"pool block        : {reuse * 1e6:9.1f} us")


if __name__ == "__main__":
    main()
