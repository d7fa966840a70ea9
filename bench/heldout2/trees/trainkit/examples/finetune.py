"""Fine-tune a small GPT on a packed token file and print a greedy continuation."""
import argparse
from types import SimpleNamespace

import lightning.pytorch as pl
import torch

from trainkit import CausalLM, build_loaders
from trainkit.offload_fn import OffloadedLinear


def tiny_gpt(vocab=50304, d=512, layers=8):
    blocks = []
    for _ in range(layers):
        blocks += [torch.nn.LayerNorm(d), OffloadedLinear(d, 4 * d), torch.nn.GELU(), torch.nn.Linear(4 * d, d)]
    return torch.nn.Sequential(torch.nn.Embedding(vocab, d), *blocks, torch.nn.Linear(d, vocab))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--train", required=True)
    ap.add_argument("--val", required=True)
    ap.add_argument("--prompt", default="1 2 3 4")
    args = ap.parse_args()
    cfg = SimpleNamespace(train_path=args.train, val_path=args.val, seq_len=512, batch_size=16, workers=8)

    train_dl, val_dl = build_loaders(cfg)
    module = CausalLM(tiny_gpt())
    pl.Trainer(max_steps=2000, precision="bf16-mixed", accelerator="gpu").fit(module, train_dl, val_dl)

    prompt = torch.tensor([int(t) for t in args.prompt.split()], dtype=torch.long).pin_memory()
    ids = prompt.cuda(non_blocking=True)[None]
    model = module.model.cuda().eval()
    with torch.no_grad():
        for _ in range(32):
            ids = torch.cat([ids, model(ids)[:, -1].argmax(-1, keepdim=True)], dim=1)
    print(ids[0].tolist())


if __name__ == "__main__":
    main()
