#!/usr/bin/env python3
"""Measure PyTorch's caching host allocator, which backs `Tensor.pin_memory()` and
`pin_memory=True`: what a repeated pin costs, how requests are rounded, and how much pinned
memory the cache keeps after the tensors die. ghosttax prices torch sites from these facts
(README, "PyTorch's pinned-memory cache"). Needs a CUDA GPU:

    python3 bench/torch_host_cache.py [--out results.json]

Prints one line per measurement and writes them all as JSON.
"""

import argparse
import json
import random
import time

import torch

MiB = 1 << 20


def stats():
    """The allocator's counters (names vary across releases: keep every number)."""
    try:
        raw = torch.cuda.host_memory_stats()
    except Exception:  # older releases have no host statistics
        return {}
    return {k: v for k, v in raw.items() if isinstance(v, (int, float))}


def pick(s, *names):
    for n in names:
        if n in s:
            return s[n]
    return None


def reserved(s):
    # Bytes the cache holds pinned (in use or free): `allocated_bytes` in torch 2.x.
    return pick(s, "allocated_bytes.current", "reserved_bytes.current")


def allocs(s):
    return pick(s, "num_host_alloc", "host_alloc_time.count", "allocations.current")


def timed(f):
    torch.cuda.synchronize()
    t = time.perf_counter()
    out = f()
    torch.cuda.synchronize()
    return out, (time.perf_counter() - t) * 1e3


def empty_cache():
    for name in ("_host_emptyCache",):
        f = getattr(torch._C, name, None)
        if f is not None:
            f()
            return True
    return False


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", default="torch_host_cache.json")
    args = ap.parse_args()
    assert torch.cuda.is_available(), "needs a CUDA GPU"
    torch.cuda.init()
    res = {"torch": torch.__version__, "device": torch.cuda.get_device_name(0)}
    src8 = torch.empty(8 * MiB, dtype=torch.uint8)
    src5 = torch.empty(5 * MiB, dtype=torch.uint8)

    # 1. The first 8 MiB pin allocates; later ones of the same size reuse the freed block.
    empty_cache()
    s0 = stats()
    p, first_ms = timed(src8.pin_memory)
    del p
    times = []
    for _ in range(100):
        p, ms = timed(src8.pin_memory)
        del p
        times.append(ms)
    s1 = stats()
    res["first_8MiB_ms"] = first_ms
    res["repeat_8MiB_ms_median"] = sorted(times)[len(times) // 2]
    res["repeat_8MiB_new_allocs"] = (allocs(s1) or 0) - (allocs(s0) or 0) - 1
    res["repeat_8MiB_reserved"] = reserved(s1)

    # 2. A 5 MiB request holds a power-of-two block.
    empty_cache()
    p = src5.pin_memory()
    res["request_5MiB_reserved"] = reserved(stats())
    del p

    # 3. Kept tensors: one allocation each, and the cache keeps them all after `del`.
    empty_cache()
    s0 = stats()
    kept, kept_times = [], []
    for _ in range(20):
        t, ms = timed(src8.pin_memory)
        kept.append(t)
        kept_times.append(ms)
    res["kept_20x8MiB_ms_median"] = sorted(kept_times)[10]
    res["kept_20x8MiB_reserved"] = reserved(stats())
    del kept, t
    res["kept_20x8MiB_reserved_after_del"] = reserved(stats())
    res["kept_20x8MiB_new_allocs"] = (allocs(stats()) or 0) - (allocs(s0) or 0)

    # 4. Churned pins of random sizes: the cache grows to hold a block per size class.
    empty_cache()
    s0 = stats()
    rng = random.Random(1)
    for _ in range(50):
        n = rng.randint(1, 64) * MiB
        p = torch.empty(n, dtype=torch.uint8, pin_memory=True)
        del p
    s1 = stats()
    res["churn_50_random_1_64MiB_reserved"] = reserved(s1)
    res["churn_50_random_1_64MiB_new_allocs"] = (allocs(s1) or 0) - (allocs(s0) or 0)

    # 5. The factory form behaves like pin_memory(): 100 churned 8 MiB empties.
    empty_cache()
    s0 = stats()
    t, first_ms = timed(lambda: torch.empty(8 * MiB, dtype=torch.uint8, pin_memory=True))
    del t
    times = []
    for _ in range(100):
        t, ms = timed(lambda: torch.empty(8 * MiB, dtype=torch.uint8, pin_memory=True))
        del t
        times.append(ms)
    s1 = stats()
    res["factory_first_8MiB_ms"] = first_ms
    res["factory_repeat_8MiB_ms_median"] = sorted(times)[50]
    res["factory_new_allocs"] = (allocs(s1) or 0) - (allocs(s0) or 0)
    res["emptied"] = empty_cache()
    res["reserved_after_empty"] = reserved(stats())
    res["stats_keys"] = sorted(stats().keys())

    for k, v in res.items():
        if k != "stats_keys":
            print(f"{k}: {v}")
    with open(args.out, "w") as f:
        json.dump(res, f, indent=2)


if __name__ == "__main__":
    main()
