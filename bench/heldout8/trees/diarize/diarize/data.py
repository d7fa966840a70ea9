import json

import numpy as np
import soundfile as sf
import torch
from torch.utils.data import DataLoader, Dataset


class SegmentDataset(Dataset):
    def __init__(self, manifest, sample_rate, win_s):
        with open(manifest) as f:
            self.items = [json.loads(l) for l in f]
        self.n = int(sample_rate * win_s)

    def __len__(self):
        return len(self.items)

    def __getitem__(self, i):
        it = self.items[i]
        wav, _ = sf.read(it["path"], start=it["start"], frames=self.n, dtype="float32")
        wav = np.pad(wav, (0, self.n - wav.shape[0]))
        return {"wav": torch.from_numpy(wav), "spk": it["speaker"], "mask": torch.ones(self.n)}


def build_loaders(cfg):
    train = DataLoader(SegmentDataset(cfg.train_manifest, cfg.sample_rate, cfg.win_s),
                       batch_size=cfg.batch_size, shuffle=True, num_workers=cfg.num_workers,
                       pin_memory=True, drop_last=True)
    val = DataLoader(SegmentDataset(cfg.val_manifest, cfg.sample_rate, cfg.win_s),
                     batch_size=cfg.batch_size, num_workers=2, pin_memory=True)
    return train, val
