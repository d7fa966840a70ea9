from __future__ import annotations

import logging
import os

import numpy as np

from .abundance import bootstrap_ci
from .classifier import Classifier
from .config import ClassifyConfig
from .hooks import build_hooks
from .prefetch import Prefetcher
from .report import REPORTERS

log = logging.getLogger(__name__)


def classify_sample(clf: Classifier, hooks, path: str, cfg: ClassifyConfig) -> np.ndarray:
    parts = []
    pre = Prefetcher(path, cfg.batch_reads, cfg.max_read_len)
    try:
        for seqs, offsets in pre:
            taxa = clf.classify_batch(seqs.tobytes(), offsets)
            for h in hooks:
                h.on_batch(seqs, offsets, taxa)
            parts.append(taxa)
    finally:
        pre.close()
    return np.concatenate(parts) if parts else np.zeros(0, dtype=np.uint32)


def _add(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    n = max(len(a), len(b))
    return np.pad(a, (0, n - len(a))) + np.pad(b, (0, n - len(b)))


def run(cfg: ClassifyConfig, samples: list[str], out_dir: str = "out") -> None:
    os.makedirs(out_dir, exist_ok=True)
    clf = Classifier(cfg)
    hooks = build_hooks(cfg.hooks, cfg)
    write = REPORTERS[cfg.report_format]
    grand = None
    try:
        for path in samples:
            name = os.path.basename(path).split(".")[0]
            taxa = classify_sample(clf, hooks, path, cfg)
            clf.write_counts(taxa, f"{out_dir}/{name}.counts.tsv")
            counts = np.bincount(taxa.astype(np.int64))
            lo, hi = bootstrap_ci(counts, cfg.bootstrap)
            write(name, taxa, counts, out_dir, cfg.top_taxa)
            log.info("%s: %d reads, %d hooks", name, len(taxa), len(hooks))
            grand = counts if grand is None else _add(grand, counts)
        if grand is not None:
            np.save(f"{out_dir}/cohort_abundance.npy", clf.reestimate(grand))
    finally:
        clf.close()
