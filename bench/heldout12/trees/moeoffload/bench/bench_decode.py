"""Decode throughput with a cold and a warm expert cache: python bench/bench_decode.py MODEL_DIR"""
import argparse
import time

import torch

from moe.server import build_engine


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("model_dir")
    ap.add_argument("--tokens", type=int, default=128)
    args = ap.parse_args()
    engine = build_engine(args.model_dir)
    prompt = torch.randint(0, engine.cfg.vocab, (256,)).pin_memory()
    for label in ("cold", "warm"):
        torch.cuda.synchronize()
        t0 = time.perf_counter()
        engine.generate(prompt, args.tokens)
        torch.cuda.synchronize()
        dt = time.perf_counter() - t0
        print(f"{label}: {args.tokens / dt:.1f} tok/s, {engine.store.misses} expert misses so far")


if __name__ == "__main__":
    main()
