"""Export a trained checkpoint as a flat fp16 blob for the C++ runtime (run once per release)."""
import sys

import torch

from nanocall.model import CRFModel


def main(ckpt: str, out: str) -> None:
    model = CRFModel()
    model.load_state_dict(torch.load(ckpt, map_location="cpu"))
    flat = torch.cat([p.detach().half().flatten() for p in model.parameters()]).pin_memory()
    checksum = float(flat.cuda(non_blocking=True).float().abs().sum())
    flat.numpy().tofile(out)
    print(f"wrote {flat.numel()} params to {out}, checksum {checksum:.3f}")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
