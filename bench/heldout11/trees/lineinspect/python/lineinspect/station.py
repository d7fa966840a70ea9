"""Inspection station: camera lines in, defect records out."""
from __future__ import annotations

import argparse
import ctypes

import numpy as np
import torch

from ._native import Defect, lib


class Recheck:
    """Second-opinion CNN on defect crops flagged by the native classifiers."""

    def __init__(self, weights: str, max_crops: int = 64, crop: int = 64):
        self.model = torch.jit.load(weights).cuda().eval()
        self.crop = crop
        self.batch = torch.zeros((max_crops, 1, crop, crop), dtype=torch.float32, pin_memory=True)

    @torch.inference_mode()
    def recheck(self, frame: np.ndarray, defects) -> np.ndarray:
        n = min(len(defects), self.batch.shape[0])
        for i, d in enumerate(defects[:n]):
            patch = frame[d.y: d.y + self.crop, d.x: d.x + self.crop]
            self.batch[i, 0, : patch.shape[0], : patch.shape[1]] = torch.from_numpy(patch.astype(np.float32))
        return self.model(self.batch[:n].cuda(non_blocking=True)).softmax(-1)[:, 1].cpu().numpy()


class DefectSink:
    def __init__(self, capacity: int = 4096):
        self.records = torch.zeros((capacity, 6), dtype=torch.float32, pin_memory=True)
        self.n = 0
        self.raw = (Defect * 256)()

    def drain(self, handle) -> list:
        got = lib.li_fetch_defects(handle, self.raw, len(self.raw))
        out = list(self.raw[:got])
        for d in out:
            if self.n < self.records.shape[0]:
                self.records[self.n] = torch.tensor([d.x, d.y, d.w, d.h, d.klass, d.score])
                self.n += 1
        return out


def run(source, width: int, frame_lines: int, flat: str, classifiers: str, weights: str, report: str):
    handle = lib.li_open(width, frame_lines, flat.encode(), classifiers.encode())
    if not handle:
        raise RuntimeError("li_open failed")
    sink = DefectSink()
    rc = Recheck(weights)
    frame = np.zeros((frame_lines, width), dtype=np.uint8)
    row = 0
    try:
        for line in source:
            buf = np.ascontiguousarray(line, dtype=np.uint8)
            frame[row % frame_lines] = buf
            row += 1
            if lib.li_push_line(handle, buf.ctypes.data):
                defects = sink.drain(handle)
                if defects:
                    rc.recheck(frame, defects)
    finally:
        lib.li_write_report(handle, report.encode())
        lib.li_close(handle)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--raw", required=True, help="raw line dump (uint8, width per line)")
    ap.add_argument("--width", type=int, default=8192)
    ap.add_argument("--frame-lines", type=int, default=1024)
    ap.add_argument("--flat", required=True)
    ap.add_argument("--classifiers", default="scratch,stain")
    ap.add_argument("--weights", default="recheck.pt")
    ap.add_argument("--report", default="shift_report.csv")
    a = ap.parse_args()
    lines = np.memmap(a.raw, dtype=np.uint8, mode="r").reshape(-1, a.width)
    run(iter(lines), a.width, a.frame_lines, a.flat, a.classifiers, a.weights, a.report)


if __name__ == "__main__":
    main()
