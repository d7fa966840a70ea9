"""Evaluate pass@k of a saved policy on held-out problems (run once per checkpoint)."""
import argparse
import json
from math import comb

import torch


def pass_at_k(n: int, c: int, k: int) -> float:
    return 1.0 if n - c < k else 1.0 - comb(n - c, k) / comb(n, k)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("samples", help="jsonl with completions per problem")
    ap.add_argument("--k", type=int, default=8)
    a = ap.parse_args()
    rows = [json.loads(l) for l in open(a.samples)]
    n = max(len(r["completions"]) for r in rows)
    passed = torch.zeros((len(rows), n), dtype=torch.float32, pin_memory=True)
    for i, r in enumerate(rows):
        for j, c in enumerate(r["completions"]):
            passed[i, j] = float(c["passed"])
    scores = [pass_at_k(n, int(passed[i].sum()), a.k) for i in range(len(rows))]
    print(f"pass@{a.k} = {sum(scores) / len(scores):.4f}")


if __name__ == "__main__":
    main()
