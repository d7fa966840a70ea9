from __future__ import annotations

import json

import numpy as np
import torch

REPORTERS = {}


def reporter(name):
    def deco(fn):
        REPORTERS[name] = fn
        return fn
    return deco


def _per_taxon_tables(taxa: np.ndarray, top: list[int]) -> dict[int, torch.Tensor]:
    tables = {}
    for tid in top:
        idx = torch.empty(int((taxa == tid).sum()), dtype=torch.int64, pin_memory=True)
        idx.copy_(torch.from_numpy(np.flatnonzero(taxa == tid)))
        tables[tid] = idx
    return tables


@reporter("kraken")
def kraken_report(sample: str, taxa: np.ndarray, counts: np.ndarray, out_dir: str, top_n: int):
    ids, n = np.unique(taxa, return_counts=True)
    order = np.argsort(-n)[:top_n]
    with open(f"{out_dir}/{sample}.kreport", "w") as fh:
        for i in order:
            fh.write(f"{100.0 * n[i] / len(taxa):6.2f}\t{n[i]}\t{ids[i]}\n")


@reporter("json")
def json_report(sample, taxa, counts, out_dir, top_n):
    ids, n = np.unique(taxa, return_counts=True)
    top = [int(t) for t in ids[np.argsort(-n)[:top_n]]]
    tables = _per_taxon_tables(taxa, top)
    doc = {"sample": sample, "taxa": {str(t): len(tables[t]) for t in top}}
    with open(f"{out_dir}/{sample}.json", "w") as fh:
        json.dump(doc, fh)
