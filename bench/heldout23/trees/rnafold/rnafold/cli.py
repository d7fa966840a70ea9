from __future__ import annotations

import argparse
import json
import logging

import torch

from .trainer import RunConfig, Trainer


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description="Train every run listed in a runs file.")
    ap.add_argument("runs", help="JSON with `defaults` and a `runs` list")
    ap.add_argument("--only", default=None)
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO)
    with open(args.runs) as fh:
        doc = json.load(fh)
    for run in doc["runs"]:
        cfg = RunConfig(**{**doc.get("defaults", {}), **run})
        if args.only and cfg.name != args.only:
            continue
        trainer = Trainer(cfg)
        trainer.fit()
        torch.save(trainer.model.state_dict(), f"{cfg.name}.pt")


if __name__ == "__main__":
    main()
