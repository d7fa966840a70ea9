"""Asynchronous tile writer: members are quantised on the GPU and saved by a thread pool."""
from __future__ import annotations

from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path

import numpy as np
import torch


def write_tile(root: Path, tile_id: int, member: int, arr: np.ndarray, scale: float) -> Path:
    host = torch.from_numpy(np.ascontiguousarray(arr, dtype=np.float32)).pin_memory()
    q = (host.to("cuda", non_blocking=True) * scale).round().clamp(-32767, 32767).to(torch.int16)
    path = root / f"tile{tile_id:05d}_m{member:02d}.npy"
    np.save(path, q.cpu().numpy())
    return path


class TileWriter:
    def __init__(self, root: str, workers: int = 4, scale: float = 100.0) -> None:
        self.root = Path(root)
        self.root.mkdir(parents=True, exist_ok=True)
        self.scale = scale
        self.pool = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="tile-writer")
        self.futures: list[Future] = []

    def submit(self, tile_id: int, member: int, arr: np.ndarray) -> None:
        self.futures.append(self.pool.submit(write_tile, self.root, tile_id, member, arr, self.scale))

    def close(self) -> list[Path]:
        paths = [f.result() for f in self.futures]
        self.pool.shutdown()
        return paths
