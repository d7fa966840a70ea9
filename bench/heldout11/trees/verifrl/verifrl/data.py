from __future__ import annotations

import json

from torch.utils.data import DataLoader, Dataset


class PromptDataset(Dataset):
    def __init__(self, path: str):
        self.rows = [json.loads(l) for l in open(path)]

    def __len__(self):
        return len(self.rows)

    def __getitem__(self, i):
        return self.rows[i]


def _collate(rows):
    return rows


def make_prompt_loader(path: str, prompts_per_step: int, pin_memory: bool) -> DataLoader:
    return DataLoader(PromptDataset(path), batch_size=prompts_per_step, shuffle=True, drop_last=True,
                      collate_fn=_collate, num_workers=2, pin_memory=pin_memory)
