from __future__ import annotations

from pathlib import Path

import numpy as np
import torch
from torch.utils.data import Dataset


def make_agent_history(tracks: np.ndarray, hist_len: int, max_agents: int) -> torch.Tensor:
    """Observed (x, y, vx, vy) of up to max_agents agents, zero-padded, most recent step last."""
    out = torch.zeros((max_agents, hist_len, 4), dtype=torch.float32, pin_memory=True)
    n = min(tracks.shape[0], max_agents)
    out[:n] = torch.from_numpy(np.ascontiguousarray(tracks[:n, -hist_len:, :4], dtype=np.float32))
    return out


class TrajectoryDataset(Dataset):
    """One scene per .npz: tracks [A, T, 6], future [A, F, 2], map_id."""

    def __init__(self, root: str, split: str, hist_len: int, fut_len: int, max_agents: int):
        self.files = sorted((Path(root) / split).glob("*.npz"))
        self.hist_len = hist_len
        self.fut_len = fut_len
        self.max_agents = max_agents

    def __len__(self) -> int:
        return len(self.files)

    def __getitem__(self, i: int) -> dict:
        scene = np.load(self.files[i])
        tracks = scene["tracks"]
        history = make_agent_history(tracks, self.hist_len, self.max_agents)
        future = torch.zeros((self.max_agents, self.fut_len, 2))
        n = min(tracks.shape[0], self.max_agents)
        future[:n] = torch.from_numpy(scene["future"][:n, : self.fut_len].astype(np.float32))
        return {"history": history, "future": future, "n_agents": n, "map_id": int(scene["map_id"])}
