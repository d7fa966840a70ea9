from __future__ import annotations

import argparse
from dataclasses import dataclass


@dataclass
class ScanConfig:
    bfile: str
    pheno: str
    pheno_col: str
    covar: str | None = None
    out: str = "gwas.tsv"
    block_snps: int = 4096
    reader: str = "staged"  # staged | prefetch
    io_threads: int = 2
    prefetch: int = 2
    mapped: bool = False
    min_maf: float = 0.01
    n_perm: int = 0
    plot: tuple[str, ...] = ("qq", "manhattan")
    seed: int = 7


def parse_args(argv=None) -> ScanConfig:
    ap = argparse.ArgumentParser(prog="gwaslmm")
    ap.add_argument("--bfile", required=True)
    ap.add_argument("--pheno", required=True)
    ap.add_argument("--pheno-col", required=True)
    ap.add_argument("--covar")
    ap.add_argument("--out", default="gwas.tsv")
    ap.add_argument("--block-snps", type=int, default=4096)
    ap.add_argument("--reader", choices=["staged", "prefetch"], default="staged")
    ap.add_argument("--io-threads", type=int, default=2)
    ap.add_argument("--mapped", action="store_true", help="page-lock the .bed mapping")
    ap.add_argument("--min-maf", type=float, default=0.01)
    ap.add_argument("--n-perm", type=int, default=0)
    ap.add_argument("--plot", nargs="*", default=["qq", "manhattan"])
    a = ap.parse_args(argv)
    return ScanConfig(
        bfile=a.bfile, pheno=a.pheno, pheno_col=a.pheno_col, covar=a.covar, out=a.out,
        block_snps=a.block_snps, reader=a.reader, io_threads=a.io_threads, mapped=a.mapped,
        min_maf=a.min_maf, n_perm=a.n_perm, plot=tuple(a.plot),
    )
