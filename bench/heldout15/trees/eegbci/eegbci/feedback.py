"""Per-prediction callbacks: cursor feedback and an on-device confusion tally."""
from __future__ import annotations

import functools
import socket
import struct

import torch


class ConfusionTally:
    def __init__(self, n_classes: int, device: str = "cuda"):
        self.counts = torch.zeros((n_classes, n_classes), device=device)
        self.device = device
        self.cue = -1

    def update(self, row: torch.Tensor) -> None:
        if self.cue >= 0:
            pred = int(row[1:].argmax())
            self.counts[self.cue, pred] += 1


def send_cursor(probs: torch.Tensor, ts: float, *, sock: socket.socket, addr, gain: float) -> None:
    x = gain * float(probs[1] - probs[0])
    y = gain * float(probs[3] - probs[2]) if probs.numel() > 3 else 0.0
    sock.sendto(struct.pack("<dff", ts, x, y), addr)


def log_prediction(probs: torch.Tensor, ts: float, *, tally: ConfusionTally) -> None:
    row = torch.tensor([ts, *probs.tolist()], dtype=torch.float32, pin_memory=True)
    tally.update(row.to(tally.device, non_blocking=True))


def build_callbacks(cfg, tally: ConfusionTally, addr=("127.0.0.1", 9870)):
    sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    return [
        functools.partial(send_cursor, sock=sock, addr=addr, gain=cfg.gain),
        functools.partial(log_prediction, tally=tally),
    ]
