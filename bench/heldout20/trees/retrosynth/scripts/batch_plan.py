#!/usr/bin/env python3
"""Score every target in a SMILES file and write the top-k templates per target as JSONL."""

import argparse
import json

import torch

from retrosynth.model import TemplateScorer
from retrosynth.planner import Planner
from retrosynth.search import beam_batches
from retrosynth.templates import load_templates


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("targets")
    ap.add_argument("--model", default="runs/latest/best.pt")
    ap.add_argument("--templates", default="data/templates.json")
    ap.add_argument("--batch", type=int, default=512)
    ap.add_argument("-k", type=int, default=20)
    ap.add_argument("-o", "--out", default="priors.jsonl")
    args = ap.parse_args()

    templates = load_templates(args.templates)
    model = TemplateScorer(2048, 1024, len(templates)).cuda()
    model.load_state_dict(torch.load(args.model, map_location="cpu")["state"])
    planner = Planner(model, templates, torch.empty(0, 32, dtype=torch.long), torch.empty(0, dtype=torch.long))
    with open(args.targets) as fh:
        targets = [line.split()[0] for line in fh if line.strip()]

    with open(args.out, "w") as out:
        for chunk, packed, arity in beam_batches(targets, planner.fp_bits, args.batch):
            probs = planner.score_packed(packed, len(chunk), arity)
            top = probs.topk(args.k, dim=1)
            for smi, p, i in zip(chunk, top.values.tolist(), top.indices.tolist()):
                out.write(json.dumps({"smiles": smi, "ids": i, "p": p}) + "\n")


if __name__ == "__main__":
    main()
