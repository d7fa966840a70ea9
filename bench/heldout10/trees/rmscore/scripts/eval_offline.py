"""Score a preference dataset once and report pairwise accuracy."""
from __future__ import annotations

import argparse

import torch
from datasets import load_dataset
from torch.utils.data import DataLoader
from transformers import AutoModelForSequenceClassification, AutoTokenizer


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--model", default="reward-models/rm-7b-v3")
    ap.add_argument("--dataset", default="Anthropic/hh-rlhf")
    ap.add_argument("--split", default="test")
    ap.add_argument("--batch-size", type=int, default=16)
    args = ap.parse_args()

    tok = AutoTokenizer.from_pretrained(args.model)
    model = AutoModelForSequenceClassification.from_pretrained(args.model, torch_dtype=torch.bfloat16).cuda().eval()
    ds = load_dataset(args.dataset, split=args.split)

    def collate(rows):
        enc = tok([r["chosen"] for r in rows] + [r["rejected"] for r in rows], padding=True, truncation=True,
                  max_length=2048, return_tensors="pt")
        return enc["input_ids"], enc["attention_mask"]

    loader = DataLoader(ds, batch_size=args.batch_size, collate_fn=collate, num_workers=4, pin_memory=True)
    correct = total = 0
    with torch.inference_mode():
        for ids, mask in loader:
            r = model(input_ids=ids.cuda(non_blocking=True), attention_mask=mask.cuda(non_blocking=True)).logits[:, 0]
            n = ids.shape[0] // 2
            correct += int((r[:n] > r[n:]).sum())
            total += n
    print(f"pairwise accuracy {correct / max(total, 1):.4f} over {total} pairs")


if __name__ == "__main__":
    main()
