"""One-shot: converts an EMA checkpoint to fp16 safetensors."""
import sys

import torch
from safetensors.torch import save_file


def main(src, dst):
    state = torch.load(src, map_location="cpu")
    total = sum(v.numel() for v in state.values())
    flat = torch.empty(total, dtype=torch.float16, pin_memory=True)
    out, off = {}, 0
    for k, v in state.items():
        n = v.numel()
        flat[off:off + n].copy_(v.reshape(-1).cuda().half())
        out[k] = flat[off:off + n].view(v.shape)
        off += n
    save_file(out, dst)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
