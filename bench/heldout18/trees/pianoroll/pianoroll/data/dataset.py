import json
import os

import numpy as np
import torch
from torch.utils.data import Dataset


class MaestroSegments(Dataset):
    def __init__(self, root, split, segment_frames, n_mels):
        with open(os.path.join(root, "maestro-v3.0.0.json")) as f:
            meta = json.load(f)
        self.files = [m["audio_filename"] for m in meta if m["split"] == split]
        self.root = root
        self.segment_frames = segment_frames
        self.n_mels = n_mels

    def __len__(self):
        return len(self.files) * 8

    def __getitem__(self, idx):
        base = os.path.join(self.root, self.files[idx // 8])
        mel = np.load(base + ".mel.npy", mmap_mode="r")
        roll = np.load(base + ".roll.npy", mmap_mode="r")
        start = (idx % 8) * self.segment_frames
        sl = slice(start, start + self.segment_frames)
        return torch.from_numpy(np.array(mel[sl])), torch.from_numpy(np.array(roll[sl]))
