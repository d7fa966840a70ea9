"""Time the prefix beam search on random logits: python tools/bench_decoder.py --iters 200"""
import argparse
import time

import torch

from asrstream import _asr


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--frames", type=int, default=64)
    ap.add_argument("--vocab", type=int, default=1024)
    ap.add_argument("--beam", type=int, default=8)
    ap.add_argument("--iters", type=int, default=100)
    args = ap.parse_args()

    dec = _asr.CtcBeamSearch(args.beam, args.vocab, 4, None)
    logits = torch.randn(args.frames, args.vocab).pin_memory()
    t0 = time.perf_counter()
    for step in range(args.iters):
        sid = dec.open_stream()
        dec.advance(sid, logits)
        dec.finalize(sid)
        dec.close_stream(sid)
    dt = (time.perf_counter() - t0) / args.iters
    print(f"{args.frames} frames, beam {args.beam}: {dt * 1e3:.2f} ms/chunk")


if __name__ == "__main__":
    main()
