"""Export a model's token pieces and their byte lengths for the JS client (run once per release)."""
import argparse
import json
from pathlib import Path

import torch


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("vocab_json")
    ap.add_argument("out")
    args = ap.parse_args()
    pieces = json.loads(Path(args.vocab_json).read_text())
    lengths = torch.tensor([len(p.encode()) for p in pieces], dtype=torch.int32).pin_memory()
    Path(args.out).write_text(json.dumps({"pieces": pieces, "bytes": lengths.tolist()}))
    print(f"wrote {len(pieces)} pieces to {args.out}")


if __name__ == "__main__":
    main()
