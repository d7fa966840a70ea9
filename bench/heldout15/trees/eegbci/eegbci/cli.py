from __future__ import annotations

import argparse
import asyncio
import glob
import logging

import numpy as np
import torch

from .config import load
from .decoder import OnlineDecoder
from .feedback import ConfusionTally, build_callbacks
from .models import EEGNet
from .stream import TcpInlet, replay_file, windows
from .train import leave_one_subject_out, train_final


async def _online(cfg, weights: str, replay: str | None) -> None:
    model = EEGNet(len(cfg.bands), cfg.n_channels, cfg.n_classes, cfg.window)
    model.load_state_dict(torch.load(weights, map_location="cpu"))
    tally = ConfusionTally(cfg.n_classes)
    dec = OnlineDecoder(cfg, model, build_callbacks(cfg, tally))
    if replay:
        source = replay_file(replay, cfg.window, cfg.hop, cfg.fs)
    else:
        inlet = TcpInlet(cfg.stream, cfg.n_channels)
        await inlet.connect()
        source = windows(inlet, cfg.window, cfg.hop)
    try:
        await dec.run(source)
    finally:
        means = dec.tracker.finalize()
        np.save("session_means.npy", np.asarray(means))
        np.save("session_confusion.npy", tally.counts.cpu().numpy())


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(prog="eegbci")
    sub = ap.add_subparsers(dest="cmd", required=True)
    lo = sub.add_parser("loso")
    lo.add_argument("config")
    lo.add_argument("data", nargs="+")
    tr = sub.add_parser("train")
    tr.add_argument("config")
    tr.add_argument("data", nargs="+")
    tr.add_argument("--out", default="eegnet.pt")
    on = sub.add_parser("online")
    on.add_argument("config")
    on.add_argument("--weights", required=True)
    on.add_argument("--replay")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO)
    cfg = load(args.config)
    if args.cmd == "loso":
        leave_one_subject_out(sorted(p for pat in args.data for p in glob.glob(pat)), cfg)
    elif args.cmd == "train":
        train_final(sorted(p for pat in args.data for p in glob.glob(pat)), cfg, args.out)
    else:
        asyncio.run(_online(cfg, args.weights, args.replay))


if __name__ == "__main__":
    main()
