from __future__ import annotations

import argparse
import logging

import yaml

from .config import SampleSpec
from .pipeline import process_sample


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description="Build balanced contact maps for the configured samples.")
    ap.add_argument("config", help="YAML with `defaults` and a `samples` list")
    ap.add_argument("--sample", action="append", default=[], help="restrict to these sample names")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO)

    with open(args.config) as fh:
        doc = yaml.safe_load(fh)
    defaults = doc.get("defaults", {})
    for entry in doc["samples"]:
        spec = SampleSpec.from_entry(entry, defaults)
        if args.sample and spec.name not in args.sample:
            continue
        store = process_sample(spec)
        logging.info("%s: %d tiles", spec.name, len(store))


if __name__ == "__main__":
    main()
