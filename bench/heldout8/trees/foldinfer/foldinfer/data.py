import numpy as np
import torch
from torch.utils.data import DataLoader, Dataset

from .features import featurize_fasta


class MSADataset(Dataset):
    def __init__(self, paths, max_msa, crop):
        self.paths = list(paths)
        self.max_msa = max_msa
        self.crop = crop

    def __len__(self):
        return len(self.paths)

    def __getitem__(self, i):
        return featurize_fasta(self.paths[i], self.max_msa, self.crop)


def collate_msa(items):
    msa = torch.stack([torch.as_tensor(it["msa"]) for it in items])
    mask = torch.stack([torch.as_tensor(it["mask"]) for it in items])
    aatype = torch.stack([torch.as_tensor(it["aatype"]) for it in items])
    feats = {"msa": msa, "mask": mask, "aatype": aatype}
    return {k: v.pin_memory() for k, v in feats.items()}


def make_loader(dcfg, paths):
    ds = MSADataset(paths, dcfg.max_msa, dcfg.crop)
    return DataLoader(ds, batch_size=dcfg.batch_size, num_workers=dcfg.num_workers,
                      pin_memory=dcfg.pin_memory, collate_fn=collate_msa)


def make_target_loader(dcfg, fasta_path, n_samples):
    ds = MSADataset([fasta_path] * n_samples, dcfg.max_msa, dcfg.crop)
    return DataLoader(ds, batch_size=dcfg.batch_size, num_workers=2, pin_memory=True)
