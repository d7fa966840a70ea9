import json
import os

import numpy as np
import torch
from torch.utils.data import Dataset

from ..io.mrc import list_micrographs


class PickDataset(Dataset):
    def __init__(self, root, pattern="*.mrc", crop=512, split="train"):
        self.paths = list_micrographs(root, pattern)
        self.crop = crop
        with open(os.path.join(root, f"{split}_coords.json")) as fh:
            self.coords = json.load(fh)

    def __len__(self):
        return len(self.paths)

    def _heatmap(self, coords, shape):
        target = np.zeros(shape, dtype=np.float32)
        for y, x in coords:
            if 0 <= y < shape[0] and 0 <= x < shape[1]:
                target[y, x] = 1.0
        return target

    def __getitem__(self, idx):
        import mrcfile

        with mrcfile.open(self.paths[idx], permissive=True) as mrc:
            img = np.asarray(mrc.data, dtype=np.float32)
        img = (img - img.mean()) / (img.std() + 1e-6)
        y0 = np.random.randint(0, max(1, img.shape[0] - self.crop))
        x0 = np.random.randint(0, max(1, img.shape[1] - self.crop))
        crop = img[y0:y0 + self.crop, x0:x0 + self.crop]
        coords = [(y - y0, x - x0) for y, x in self.coords.get(os.path.basename(self.paths[idx]), [])]
        return torch.from_numpy(crop.copy()), torch.from_numpy(self._heatmap(coords, crop.shape))


def collate_micrographs(samples):
    images = torch.stack([s[0] for s in samples]).unsqueeze(1)
    targets = torch.stack([s[1] for s in samples]).unsqueeze(1)
    return images.pin_memory(), targets
