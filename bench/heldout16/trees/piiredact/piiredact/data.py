"""Annotated notes (JSONL: text + character spans) for training."""
from __future__ import annotations

import json

import torch
from torch.utils.data import Dataset

from .labels import TAG2ID


class NoteDataset(Dataset):
    def __init__(self, path: str, tokenizer, max_len: int = 512):
        self.rows = [json.loads(line) for line in open(path)]
        self.tok = tokenizer
        self.max_len = max_len

    def __len__(self) -> int:
        return len(self.rows)

    def _bio(self, offsets, spans):
        tags = []
        for s, e in offsets:
            tag = "O"
            for sp in spans:
                if s >= sp["start"] and e <= sp["end"] and e > s:
                    tag = ("B-" if s == sp["start"] else "I-") + sp["type"]
                    break
            tags.append(TAG2ID.get(tag, 0))
        return tags

    def __getitem__(self, i: int) -> dict:
        row = self.rows[i]
        enc = self.tok(row["text"], truncation=True, max_length=self.max_len, return_offsets_mapping=True)
        ids = torch.tensor(enc["input_ids"], dtype=torch.long).pin_memory()
        tags = torch.tensor(self._bio(enc["offset_mapping"], row["spans"]), dtype=torch.long)
        return {"input_ids": ids, "tags": tags}


def collate_notes(batch: list[dict]) -> dict:
    ids = torch.nn.utils.rnn.pad_sequence([b["input_ids"] for b in batch], batch_first=True, padding_value=0)
    tags = torch.nn.utils.rnn.pad_sequence([b["tags"] for b in batch], batch_first=True, padding_value=-1)
    return {"input_ids": ids, "tags": tags, "attention_mask": ids != 0}
