"""One-shot: dump the embedding table to a flat .bin for the CPU fallback."""
import sys

import torch


def main(ckpt, out):
    state = torch.load(ckpt, map_location="cpu")
    emb = state["model"]["embed.weight"]
    host = torch.empty(emb.shape, dtype=torch.float16, pin_memory=True)
    host.copy_(emb.cuda().half())
    host.numpy().tofile(out)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
