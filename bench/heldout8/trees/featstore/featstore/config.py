import argparse
from dataclasses import dataclass


@dataclass
class StoreConfig:
    table_path: str = "/data/features.bin"
    shards: int = 16
    dim: int = 64
    rows: int = 1_000_000
    max_batch: int = 4096
    host: str = "0.0.0.0"
    port: int = 8700
    kafka_topic: str = "feature-updates"


def parse_args(argv=None) -> StoreConfig:
    ap = argparse.ArgumentParser("featstore")
    ap.add_argument("--table", dest="table_path", default=StoreConfig.table_path)
    ap.add_argument("--shards", type=int, default=StoreConfig.shards)
    ap.add_argument("--dim", type=int, default=StoreConfig.dim)
    ap.add_argument("--rows", type=int, default=StoreConfig.rows)
    ap.add_argument("--port", type=int, default=StoreConfig.port)
    ns = ap.parse_args(argv)
    return StoreConfig(table_path=ns.table_path, shards=ns.shards, dim=ns.dim, rows=ns.rows, port=ns.port)
