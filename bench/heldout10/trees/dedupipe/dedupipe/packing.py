"""Packs deduplicated documents into fixed-length training sequences."""
from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import torch
from tokenizers import Tokenizer
from torch.utils.data import IterableDataset

from dedupipe.tokenize import tokenize_docs


class PackedDataset(IterableDataset):
    def __init__(self, files: list[str], tokenizer: str, seq_len: int = 2048, eos_id: int = 0, batch_docs: int = 256):
        self.files = files
        self.tokenizer = tokenizer
        self.seq_len = seq_len
        self.eos_id = eos_id
        self.batch_docs = batch_docs

    def _docs(self):
        tok = Tokenizer.from_file(self.tokenizer)
        batch = []
        for f in self.files:
            for line in Path(f).open():
                batch.append(json.loads(line)["text"])
                if len(batch) == self.batch_docs:
                    yield from tokenize_docs(batch, tok, self.eos_id)
                    batch = []
        if batch:
            yield from tokenize_docs(batch, tok, self.eos_id)

    def __iter__(self):
        buf = torch.empty(self.seq_len + 1, dtype=torch.int32, pin_memory=True)
        fill = 0
        for ids in self._docs():
            pos = 0
            while pos < ids.size:
                take = min(self.seq_len + 1 - fill, ids.size - pos)
                buf[fill : fill + take] = torch.from_numpy(ids[pos : pos + take])
                fill += take
                pos += take
                if fill == self.seq_len + 1:
                    yield buf.clone()
                    fill = 0


def collate_packed(batch: list[torch.Tensor]) -> dict[str, torch.Tensor]:
    x = torch.stack(batch).pin_memory()
    return {"input_ids": x[:, :-1], "labels": x[:, 1:]}
