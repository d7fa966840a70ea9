"""Offline scoring of a whole VCF."""
from __future__ import annotations

import argparse

import pysam
import torch
from torch.utils.data import DataLoader, Dataset

from .model import Predictor
from .reference import chrom_tensor
from .settings import SETTINGS


class VcfDataset(Dataset):
    def __init__(self, path: str, width: int):
        self.records = [(r.chrom, r.pos, r.alts[0]) for r in pysam.VariantFile(path) if r.alts]
        self.width = width

    def __len__(self):
        return len(self.records)

    def __getitem__(self, i):
        chrom, pos, alt = self.records[i]
        half = self.width // 2
        seq = chrom_tensor(chrom)[max(pos - 1 - half, 0): pos + half]
        onehot = torch.zeros((4, self.width), pin_memory=True)
        valid = seq < 4
        onehot[seq[valid].long(), torch.nonzero(valid).squeeze(1)] = 1.0
        return onehot, "ACGT".find(alt[0]) % 4


def score_vcf(path: str, out: str, batch_size: int = 64):
    predictor = Predictor(SETTINGS.checkpoint, batch_size, SETTINGS.device)
    loader = DataLoader(VcfDataset(path, SETTINGS.window), batch_size=batch_size, num_workers=4,
                        pin_memory=True)
    with open(out, "w") as fh:
        for ref, alt in loader:
            s = predictor.predict(ref, alt.to(torch.uint8), torch.zeros(ref.shape[0]))
            for row in s.tolist():
                fh.write("\t".join(f"{x:.4f}" for x in row) + "\n")


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("vcf")
    ap.add_argument("out")
    a = ap.parse_args()
    score_vcf(a.vcf, a.out)
