"""dedupipe: near-duplicate and exact-substring dedup, then packing."""
from __future__ import annotations

import glob

import click
import numpy as np
from torch.utils.data import DataLoader

from dedupipe.backends import make_hasher
from dedupipe.kafka_ingest import consume
from dedupipe.lsh import LSHIndex
from dedupipe.packing import PackedDataset, collate_packed
from dedupipe.shard_worker import run
from dedupipe.suffix_array import build_suffix_array, repeated_spans


@click.group()
def cli() -> None:
    pass


@cli.command()
@click.argument("pattern")
@click.option("--backend", type=click.Choice(["cupy", "native"]), default="cupy")
@click.option("--workers", default=8)
@click.option("--out", default="dup_pairs.npy")
def minhash(pattern: str, backend: str, workers: int, out: str) -> None:
    index = LSHIndex()
    n = run(sorted(glob.glob(pattern)), index, backend=backend, workers=workers)
    pairs = index.duplicate_pairs()
    np.save(out, pairs)
    click.echo(f"{n} docs, {len(pairs)} candidate pairs")


@cli.command()
@click.option("--topic", default="crawl.docs")
@click.option("--out-topic", default="crawl.docs.dedup")
@click.option("--brokers", default="localhost:9092")
@click.option("--backend", default="cupy")
def stream(topic: str, out_topic: str, brokers: str, backend: str) -> None:
    consume(topic, out_topic, brokers, make_hasher(backend), LSHIndex())


@cli.command()
@click.argument("tokens_file")
@click.option("--min-len", default=50)
def exact(tokens_file: str, min_len: int) -> None:
    tokens = np.fromfile(tokens_file, dtype=np.uint16)
    sa = build_suffix_array(tokens)
    spans = repeated_spans(tokens, sa, min_len)
    np.save(tokens_file + ".spans.npy", np.asarray(spans, dtype=np.int64))


@cli.command()
@click.argument("pattern")
@click.option("--tokenizer", default="tokenizer.json")
@click.option("--seq-len", default=2048)
@click.option("--batch-size", default=64)
@click.option("--out", default="packed.bin")
def pack(pattern: str, tokenizer: str, seq_len: int, batch_size: int, out: str) -> None:
    ds = PackedDataset(sorted(glob.glob(pattern)), tokenizer, seq_len)
    loader = DataLoader(ds, batch_size=batch_size, collate_fn=collate_packed, num_workers=1)
    with open(out, "wb") as fh:
        for batch in loader:
            fh.write(batch["input_ids"].numpy().astype(np.uint16).tobytes())


if __name__ == "__main__":
    cli()
