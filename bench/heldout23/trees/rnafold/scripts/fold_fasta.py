"""Predicts a structure for every record of a FASTA file.

    python scripts/fold_fasta.py bprna_base.pt rfam_seed_v14.fa > rfam_seed_v14.db
"""
from __future__ import annotations

import argparse
import sys
from dataclasses import dataclass

import torch

from rnafold.buffers import pair_buffer
from rnafold.features import CANONICAL, one_hot
from rnafold.model import PairNet
from rnafold.serve import dot_bracket


@dataclass
class Entry:
    name: str
    seq: str


def load(path: str):
    name, parts = None, []
    with open(path) as fh:
        for line in fh:
            line = line.strip()
            if line.startswith(">"):
                if name is not None:
                    yield Entry(name, "".join(parts))
                name, parts = line[1:].split()[0], []
            elif line:
                parts.append(line)
    if name is not None:
        yield Entry(name, "".join(parts))


@torch.no_grad()
def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("checkpoint")
    ap.add_argument("fasta")
    args = ap.parse_args()
    model = PairNet().cuda().eval()
    model.load_state_dict(torch.load(args.checkpoint, map_location="cpu"))
    prior = torch.zeros(2048, 2048, device="cuda")
    for entry in load(args.fasta):
        seq = entry.seq.upper().replace("T", "U")
        pot = pair_buffer(len(seq))
        pot.zero_()
        for i in range(len(seq)):
            for j in range(i + 4, len(seq)):
                e = CANONICAL.get((seq[i], seq[j]))
                if e is not None:
                    pot[i, j] = pot[j, i] = e
        logits = model(one_hot(seq)[None].cuda(), pot[None].cuda(non_blocking=True), prior)
        sys.stdout.write(f">{entry.name}\n{seq}\n{dot_bracket(torch.sigmoid(logits[0]).cpu().numpy())}\n")


if __name__ == "__main__":
    main()
