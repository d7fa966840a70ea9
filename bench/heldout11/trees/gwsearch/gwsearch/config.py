from __future__ import annotations

import configparser
from dataclasses import dataclass
from typing import List, Optional


@dataclass
class SearchConfig:
    frames: str
    sample_rate: int
    segment_seconds: int
    overlap_seconds: int
    bank: str
    bank_batch: int
    snr_threshold: float
    cluster_window: float
    vetoes: List[str]
    injections: Optional[str]
    prior_samples: int


def load(path: str) -> SearchConfig:
    cp = configparser.ConfigParser()
    cp.read(path)
    return SearchConfig(
        frames=cp["data"]["frames"],
        sample_rate=cp["data"].getint("sample_rate"),
        segment_seconds=cp["data"].getint("segment_seconds"),
        overlap_seconds=cp["data"].getint("overlap_seconds"),
        bank=cp["bank"]["path"],
        bank_batch=cp["bank"].getint("batch"),
        snr_threshold=cp["search"].getfloat("snr_threshold"),
        cluster_window=cp["search"].getfloat("cluster_window"),
        vetoes=[v.strip() for v in cp["search"]["vetoes"].split(",")],
        injections=cp["search"].get("injections"),
        prior_samples=cp["pe"].getint("prior_samples"),
    )
