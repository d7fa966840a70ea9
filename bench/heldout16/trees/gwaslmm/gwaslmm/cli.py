from __future__ import annotations

import logging

import cupy as cp
import numpy as np

from .bedreader import BedFile, BlockPool
from .config import parse_args
from .covariates import load_covariates
from .hooks import HOOKS
from .kinship import compute_grm
from .lmm import LMM
from .perm import permutation_threshold
from .pheno import load_phenotype
from .results import ResultWriter
from .scan import AssociationScan


def main(argv=None) -> int:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")
    cfg = parse_args(argv)
    bed = BedFile(cfg.bfile, mapped=cfg.mapped)
    iids = [iid for _, iid in bed.fam]
    rate = bed.sample_call_rate()
    logging.info("median sample call rate %.4f", float(np.median(rate)))

    pool = BlockPool(bed.n_samples, cfg.block_snps)
    K = compute_grm(bed, pool, cfg.block_snps)
    y, y_dev = load_phenotype(cfg.pheno, iids, cfg.pheno_col)
    X = load_covariates(cfg.covar, iids)
    lmm = LMM(K, y, y_dev, X.numpy(), cfg.min_maf)

    writer = ResultWriter(cfg.out, bed.bim, cfg.block_snps)
    hooks = [HOOKS[name]() for name in cfg.plot]
    scan = AssociationScan(cfg, bed, lmm, writer, hooks)
    n = scan.run()
    writer.close()
    for h in hooks:
        h.finish(cfg.out)
    logging.info("%d SNPs tested, delta=%.3g", n, lmm.delta)

    if cfg.n_perm:
        top = np.loadtxt(cfg.out, skiprows=1, usecols=6).argsort()[:256]
        G_top = cp.empty((len(top), bed.n_samples), dtype=cp.float32)
        for i, s in enumerate(top):
            row = np.empty((1, bed.n_samples), dtype=np.float32)
            bed.decode_into(int(s), row)
            G_top[i] = cp.asarray(row[0])
        thr = permutation_threshold(lmm, G_top, cfg.n_perm, seed=cfg.seed)
        logging.info("permutation threshold p < %.3g", thr)
    pool.close()
    bed.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
