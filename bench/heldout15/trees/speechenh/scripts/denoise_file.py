"""Denoise one recording offline: python scripts/denoise_file.py in.wav out.wav"""
import argparse

import numpy as np
import soundfile as sf
import torch

from speechenh.config import load_config
from speechenh.session import Enhancer


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("inp")
    ap.add_argument("out")
    ap.add_argument("--config", default="configs/serve.yaml")
    args = ap.parse_args()
    cfg = load_config(args.config)
    enh = Enhancer(cfg)
    audio, sr = sf.read(args.inp, dtype="float32")
    assert sr == cfg.sample_rate, f"resample to {cfg.sample_rate} Hz first"
    host = torch.from_numpy(audio).pin_memory()
    dev = host.to("cuda", non_blocking=True)
    pieces = []
    for start in range(0, dev.shape[0] - cfg.chunk + 1, cfg.chunk):
        pieces.append(enh.process(dev[start: start + cfg.chunk]).clone())
    sf.write(args.out, torch.cat(pieces).numpy() if pieces else np.zeros(0, np.float32), sr)


if __name__ == "__main__":
    main()
