import torch
from torch.utils.data import Dataset

from ..utils.io import list_cases, load_nifti, load_nifti_pinned


class VolumeDataset(Dataset):
    """Plain dataset: reads each case from disk on every access (validation / test)."""

    def __init__(self, root, transform=None, split="imagesVal"):
        self.images = list_cases(root, split)
        self.labels = [p.replace("images", "labels") for p in self.images]
        self.transform = transform

    def __len__(self):
        return len(self.images)

    def __getitem__(self, i):
        d = {"image": load_nifti(self.images[i])[0], "label": load_nifti(self.labels[i])[0]}
        return self.transform(d) if self.transform is not None else d


class CacheVolumeDataset(Dataset):
    """Keeps decoded volumes in memory after the first access; transforms run on every access."""

    def __init__(self, root, transform=None, split="imagesTr"):
        self.images = list_cases(root, split)
        self.labels = [p.replace("images", "labels") for p in self.images]
        self.transform = transform
        self._cache = {}

    def __len__(self):
        return len(self.images)

    def _volume(self, i):
        if i not in self._cache:
            img, aff = load_nifti_pinned(self.images[i])
            lab, _ = load_nifti_pinned(self.labels[i])
            self._cache[i] = (img, lab, aff)
        return self._cache[i]

    def __getitem__(self, i):
        img, lab, _ = self._volume(i)
        d = {"image": img.numpy(), "label": lab.numpy()}
        if self.transform is not None:
            d = self.transform(d)
        return d
