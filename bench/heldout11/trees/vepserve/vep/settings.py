from __future__ import annotations

import os
from dataclasses import dataclass, field
from typing import List


@dataclass(frozen=True)
class Settings:
    fasta: str = os.environ.get("VEP_FASTA", "/data/ref/GRCh38.fa")
    checkpoint: str = os.environ.get("VEP_CKPT", "/models/vep-v5.pt")
    splice_table: str = os.environ.get("VEP_SPLICE", "/data/splice_v3.bin")
    conservation: str = os.environ.get("VEP_PHYLOP", "/data/hg38.phyloP100way.bw")
    window: int = 1001
    max_batch: int = 128
    device: str = "cuda"
    plugins: List[str] = field(default_factory=lambda: ["conservation", "splice", "allele_freq"])


SETTINGS = Settings()
