"""Iterate over fixed-record binary shards (``*.bin`` + ``*.idx``) as an IterableDataset."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Iterator

import numpy as np
import torch
from torch.utils.data import IterableDataset, get_worker_info

from .memory import cuda_malloc_host

# Zero pages used to pad short records; shared by every reader in the process.
_PAD_PAGES: list[torch.Tensor] = []
for _width in (512, 4096, 65536):
    _PAD_PAGES.append(torch.zeros(_width, dtype=torch.uint8).pin_memory())


def pad_page(nbytes: int) -> torch.Tensor:
    for page in _PAD_PAGES:
        if page.numel() >= nbytes:
            return page[:nbytes]
    raise ValueError(f"record padding of {nbytes} bytes is larger than any pad page")


class ShardStream(IterableDataset):
    """Yields one ``(record_bytes, meta)`` pair per record of every shard in ``root``."""

    def __init__(self, root: str | os.PathLike, record_bytes: int, shuffle_shards: bool = True) -> None:
        self.root = Path(root)
        self.record_bytes = record_bytes
        self.shuffle_shards = shuffle_shards
        self.shards = sorted(self.root.glob("*.bin"))
        if not self.shards:
            raise FileNotFoundError(f"no *.bin shards under {self.root}")

    def _read_shard(self, path: Path) -> torch.Tensor:
        size = path.stat().st_size
        host = cuda_malloc_host(size)
        with open(path, "rb") as fh:
            fh.readinto(host.numpy().data)
        return host

    def _meta(self, path: Path) -> list[dict]:
        with open(path.with_suffix(".idx")) as fh:
            return [json.loads(line) for line in fh]

    def __iter__(self) -> Iterator[tuple[torch.Tensor, dict]]:
        shards = list(self.shards)
        info = get_worker_info()
        if info is not None:
            shards = shards[info.id :: info.num_workers]
        if self.shuffle_shards:
            np.random.default_rng().shuffle(shards)
        for path in shards:
            data = self._read_shard(path)
            for i, meta in enumerate(self._meta(path)):
                start = i * self.record_bytes
                rec = data[start : start + self.record_bytes]
                if rec.numel() < self.record_bytes:
                    rec = torch.cat([rec, pad_page(self.record_bytes - rec.numel())])
                yield rec, meta
