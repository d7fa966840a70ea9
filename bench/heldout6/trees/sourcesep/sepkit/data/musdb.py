import os
import random

import soundfile as sf
import torch
from torch.utils.data import Dataset


class MusdbSegments(Dataset):
    def __init__(self, root, split, cfg, epoch_len=6000):
        self.tracks = sorted(os.path.join(root, split, t) for t in os.listdir(os.path.join(root, split)))
        self.cfg = cfg
        self.epoch_len = epoch_len
        self.seg = int(cfg.segment * cfg.sample_rate)

    def __len__(self):
        return self.epoch_len

    def __getitem__(self, idx):
        track = random.choice(self.tracks)
        info = sf.info(os.path.join(track, "mixture.wav"))
        start = random.randint(0, max(0, info.frames - self.seg))
        stems = []
        for s in self.cfg.sources:
            wav, _ = sf.read(os.path.join(track, f"{s}.wav"), start=start, frames=self.seg, dtype="float32")
            stems.append(torch.from_numpy(wav.T))
        stems = torch.stack(stems)
        return stems.sum(0), stems
