"""Per-turn monitors. Tracker.run calls on_turn() after every turn, then reset()."""
from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import torch

from .diagnostics import tune_fft

MONITORS: dict[str, type] = {}


def monitor(name: str):
    def deco(cls):
        MONITORS[name] = cls
        return cls

    return deco


class Monitor:
    def __init__(self, cfg, out_dir: Path):
        self.cfg = cfg
        self.out_dir = out_dir

    def on_turn(self, tracker, turn: int) -> None:
        pass

    def reset(self) -> None:
        pass

    def finish(self) -> None:
        pass


@monitor("tbt")
class TurnByTurnMonitor(Monitor):
    """Centroid history (a virtual BPM at the start of the lattice) for tune analysis."""

    def __init__(self, cfg, out_dir):
        super().__init__(cfg, out_dir)
        self.history: list[np.ndarray] = []

    def on_turn(self, tracker, turn):
        snap = tracker.state.snapshot()
        self.history.append(snap.reshape(6, -1).mean(axis=1))

    def finish(self):
        h = np.stack(self.history)
        tunes = tune_fft(h[:, [0, 2]])
        (self.out_dir / "tunes.json").write_text(json.dumps(tunes, indent=1))


@monitor("loss")
class LossMonitor(Monitor):
    """Counts and records lost particle ids for every turn."""

    def __init__(self, cfg, out_dir):
        super().__init__(cfg, out_dir)
        self._buf = None
        self.lost_per_turn: list[int] = []

    def _staging(self, n: int) -> torch.Tensor:
        if self._buf is None:
            self._buf = torch.empty(n, dtype=torch.int32, pin_memory=True)
        return self._buf

    def on_turn(self, tracker, turn):
        n = tracker.state.n_lost()
        self.lost_per_turn.append(n)
        if n == 0:
            return
        buf = self._staging(n)
        tracker.state.lost_ids(buf.numpy())

    def reset(self):
        # the number of lost particles changes from turn to turn
        self._buf = None

    def finish(self):
        np.save(self.out_dir / "lost_per_turn.npy", np.asarray(self.lost_per_turn))


@monitor("aperture")
class ApertureMonitor(Monitor):
    """Keeps the running maximum amplitude per plane (for aperture margins)."""

    def __init__(self, cfg, out_dir):
        super().__init__(cfg, out_dir)
        self.amax = torch.zeros(4, dtype=torch.float64, pin_memory=True)

    def on_turn(self, tracker, turn):
        if turn % 64:
            return
        tracker.state.max_amplitude(self.amax.numpy())

    def finish(self):
        np.savetxt(self.out_dir / "amax.txt", self.amax.numpy())
