import argparse
from dataclasses import dataclass


@dataclass
class SearchParams:
    precursor_tol_ppm: float = 10.0
    fragment_tol_da: float = 0.02
    max_peaks: int = 150
    batch_size: int = 512
    missed_cleavages: int = 2
    min_length: int = 7
    max_length: int = 40
    workers: int = 4


def parse(argv=None):
    ap = argparse.ArgumentParser("specsearch")
    ap.add_argument("mzml")
    ap.add_argument("fasta")
    ap.add_argument("--batch-size", type=int, default=512)
    ap.add_argument("--workers", type=int, default=4)
    ap.add_argument("--library", default=None)
    ap.add_argument("--out", default="psms.tsv")
    a = ap.parse_args(argv)
    return a, SearchParams(batch_size=a.batch_size, workers=a.workers)
