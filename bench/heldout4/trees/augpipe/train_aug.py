import argparse
import glob

import numpy as np

from augpipe.decode import DecodeStage
from augpipe.loader import make_loader
from augpipe.mix import MixStage
from augpipe.pipeline import Pipeline
from augpipe.prefetch import PinnedRing, Prefetcher
from augpipe.readers import iter_records, iter_shards
from augpipe.resample import ResampleStage
from augpipe.spectrogram import SpectrogramStage


def build_pipeline(noise_bank, augments):
    return Pipeline(
        [DecodeStage(), ResampleStage(48000, 16000), MixStage(noise_bank), SpectrogramStage()],
        augments=augments,
    )


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--shards", default="/data/audio/*.bin")
    ap.add_argument("--noise", default="/data/noise/*.rec")
    ap.add_argument("--epochs", type=int, default=5)
    args = ap.parse_args()
    noise_bank = np.load("/data/noise/bank.npy")
    pipe = build_pipeline(noise_bank, ["gain", "polarity"])
    ring = PinnedRing(slots=8, slot_bytes=1 << 20)
    pre = Prefetcher(iter_records(sorted(glob.glob(args.noise)), 1 << 20), ring)
    pre.start()
    loader = make_loader(np.load("/data/sft/index.npy", allow_pickle=True), batch_size=32)
    for epoch in range(args.epochs):
        for batch in pipe.run(iter_shards(sorted(glob.glob(args.shards)))):
            slot, n = pre.ready.get()
            batch.meta["noise_rec"] = ring.bufs[slot][:n].copy()
            ring.release(slot)
        for wave, lens, labels in loader:
            pass
    pre.stop()


if __name__ == "__main__":
    main()
