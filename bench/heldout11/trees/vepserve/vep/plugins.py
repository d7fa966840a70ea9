"""Annotation plugins; each contributes one scalar feature per variant."""
from __future__ import annotations

from typing import Dict, List, Type

import torch

from .settings import SETTINGS
from .tracks import load_bigwig_track


class Plugin:
    name = "base"

    def annotate(self, variants: List[dict]) -> torch.Tensor:
        raise NotImplementedError


class ConservationPlugin(Plugin):
    name = "conservation"

    def __init__(self):
        tracks = load_bigwig_track(SETTINGS.conservation, [f"chr{c}" for c in list(range(1, 23)) + ["X"]])
        self.offsets = {}
        total = 0
        for chrom, t in tracks.items():
            self.offsets[chrom] = total
            total += t.numel()
        self.track = torch.empty(total, dtype=torch.float32, pin_memory=True)
        for chrom, t in tracks.items():
            self.track[self.offsets[chrom]: self.offsets[chrom] + t.numel()].copy_(t)

    def annotate(self, variants):
        idx = torch.tensor([self.offsets[v["chrom"]] + v["pos"] - 1 for v in variants])
        return self.track[idx]


class SplicePlugin(Plugin):
    name = "splice"

    def __init__(self):
        self.table = torch.ops.vep.load_splice_table(SETTINGS.splice_table)

    def annotate(self, variants):
        dist = torch.empty(len(variants), dtype=torch.float32, pin_memory=True)
        for i, v in enumerate(variants):
            row = self.table[v["pos"] % self.table.shape[0]]
            dist[i] = float(row[:4].abs().min())
        return dist


class AlleleFreqPlugin(Plugin):
    name = "allele_freq"

    def annotate(self, variants):
        cols = []
        for v in variants:
            af = torch.tensor([v.get("af", 0.0)], dtype=torch.float32).pin_memory()
            cols.append(af)
        return torch.cat(cols)


PLUGINS: Dict[str, Type[Plugin]] = {
    cls.name: cls for cls in (ConservationPlugin, SplicePlugin, AlleleFreqPlugin)
}


def build_plugins(names: List[str]) -> List[Plugin]:
    return [PLUGINS[n]() for n in names]
