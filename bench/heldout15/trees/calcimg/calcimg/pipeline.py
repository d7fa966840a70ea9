from __future__ import annotations

import argparse
import glob
import logging

import numpy as np
import torch

from . import _calcimg
from .classify import predict, train_classifier
from .config import load
from .deconv import OasisDeconvolver
from .io import MappedStack, iter_frames, iter_volumes

log = logging.getLogger("calcimg")


def shift_frame(frame: np.ndarray, dy: float, dx: float) -> np.ndarray:
    return np.roll(frame, (int(round(dy)), int(round(dx))), axis=(0, 1)).astype(np.float32)


class SessionPipeline:
    def __init__(self, cfg, masks: list[np.ndarray] | None = None):
        self.cfg = cfg
        self.corr = _calcimg.MotionCorrector(cfg.rows, cfg.cols, cfg.max_shift)
        self.masks = masks or []
        self.deconv = OasisDeconvolver(cfg)
        # corrected frames handed to the live viewer, round-robin
        self.slots: list[torch.Tensor] = []
        for frame in range(cfg.n_slots):
            self.slots.append(torch.empty((cfg.rows, cfg.cols), dtype=torch.float32, pin_memory=True))

    def run(self, path: str) -> dict:
        cfg = self.cfg
        shifts, traces, chunk = [], [], []
        running = np.zeros((cfg.rows, cfg.cols), np.float64)
        for t, frame in enumerate(iter_frames(path)):
            dy, dx = self.corr.register_frame(frame)
            shifts.append((dy, dx))
            fixed = shift_frame(frame, dy, dx)
            self.slots[t % len(self.slots)].copy_(torch.from_numpy(fixed))
            running += fixed
            chunk.append(fixed.ravel())
            if t and t % cfg.template_every == 0:
                self.corr.set_template((running / (t + 1)).astype(np.float32))
            if len(chunk) == cfg.chunk:
                traces.append(np.asarray(self.corr.extract_traces(np.stack(chunk), self.masks)))
                chunk = []
        dff = np.concatenate(traces, axis=1) if traces else np.zeros((len(self.masks), 0), np.float32)
        return {"shifts": np.asarray(shifts), "spikes": self.deconv.deconvolve_all(dff)}

    def run_volume(self, path: str, n_planes: int) -> np.ndarray:
        out = []
        for planes in iter_volumes(path, n_planes):
            out.append(self.corr.correct_stack(planes))
        return np.asarray(out)

    def run_binary(self, path: str, n_frames: int) -> np.ndarray:
        stack = MappedStack(path, (n_frames, self.cfg.rows, self.cfg.cols)).open()
        try:
            mean = stack.frames().mean(axis=0).astype(np.float32)
        finally:
            stack.close()
        return mean


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(prog="calcimg")
    sub = ap.add_subparsers(dest="cmd", required=True)
    r = sub.add_parser("run")
    r.add_argument("config")
    r.add_argument("movie")
    r.add_argument("--masks")
    v = sub.add_parser("run-volume")
    v.add_argument("config")
    v.add_argument("movie")
    v.add_argument("--planes", type=int, default=6)
    t = sub.add_parser("train-classifier")
    t.add_argument("config")
    t.add_argument("labels", nargs="+")
    p = sub.add_parser("classify")
    p.add_argument("config")
    p.add_argument("sessions", nargs="+")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO)
    cfg = load(args.config)
    if args.cmd == "run":
        masks = list(np.load(args.masks)["masks"]) if args.masks else []
        res = SessionPipeline(cfg, masks).run(args.movie)
        np.savez(args.movie + ".out.npz", **res)
    elif args.cmd == "run-volume":
        np.save(args.movie + ".shifts.npy", SessionPipeline(cfg).run_volume(args.movie, args.planes))
    elif args.cmd == "train-classifier":
        train_classifier([f for pat in args.labels for f in glob.glob(pat)], cfg)
    else:
        print(predict(args.sessions, cfg).tolist())


if __name__ == "__main__":
    main()
