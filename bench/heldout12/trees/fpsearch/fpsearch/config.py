from __future__ import annotations

import argparse
from dataclasses import dataclass


@dataclass
class Settings:
    library_dir: str
    fp_bits: int = 2048
    engine: str = "cupy"
    top_k: int = 100
    max_queries: int = 256
    max_candidates: int = 4096
    cluster_threshold: float = 0.35
    pains_file: str = ""
    host: str = "0.0.0.0"
    port: int = 8080

    @property
    def words(self) -> int:
        return self.fp_bits // 64


def parse_args(argv=None) -> Settings:
    ap = argparse.ArgumentParser("fpsearch-serve")
    ap.add_argument("library_dir")
    ap.add_argument("--fp-bits", type=int, default=2048)
    ap.add_argument("--engine", choices=["cupy", "numba", "pycuda"], default="cupy")
    ap.add_argument("--top-k", type=int, default=100)
    ap.add_argument("--max-queries", type=int, default=256)
    ap.add_argument("--cluster-threshold", type=float, default=0.35)
    ap.add_argument("--pains-file", default="")
    ap.add_argument("--port", type=int, default=8080)
    a = ap.parse_args(argv)
    return Settings(library_dir=a.library_dir, fp_bits=a.fp_bits, engine=a.engine, top_k=a.top_k,
                    max_queries=a.max_queries, cluster_threshold=a.cluster_threshold,
                    pains_file=a.pains_file, port=a.port)
