from __future__ import annotations

import argparse
from dataclasses import dataclass, field


@dataclass
class ClassifyConfig:
    db_path: str = "db/k2_standard"
    taxonomy: str = "db/taxo.k2d"
    batch_reads: int = 65536
    max_read_len: int = 300
    k: int = 35
    minimizer_len: int = 31
    confidence: float = 0.1
    min_hit_groups: int = 2
    pinned_pool: int = 3
    bootstrap: int = 200
    report_format: str = "kraken"
    hooks: list[str] = field(default_factory=lambda: ["contamination", "low_complexity"])
    top_taxa: int = 25


def parse_args(argv=None) -> tuple[ClassifyConfig, list[str]]:
    p = argparse.ArgumentParser("metaclass")
    p.add_argument("samples", nargs="+", help="FASTQ files, one per sample")
    p.add_argument("--db", dest="db_path", default=ClassifyConfig.db_path)
    p.add_argument("--taxonomy", default=ClassifyConfig.taxonomy)
    p.add_argument("--batch-reads", type=int, default=ClassifyConfig.batch_reads)
    p.add_argument("--confidence", type=float, default=ClassifyConfig.confidence)
    p.add_argument("--bootstrap", type=int, default=ClassifyConfig.bootstrap)
    p.add_argument("--report-format", default=ClassifyConfig.report_format)
    p.add_argument("--top-taxa", type=int, default=ClassifyConfig.top_taxa)
    ns = p.parse_args(argv)
    samples = ns.samples
    del ns.samples
    return ClassifyConfig(**vars(ns)), samples
