"""One-shot: dump the CTF weighting curve used by the picker to a text file."""
import sys

import torch

from cryopick import _cryo_ext as ext


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else "ctf_curve.txt"
    table = ext.CtfTable(4096, 1.06)
    host = torch.empty(4096, dtype=torch.float32, pin_memory=True)
    host.copy_(torch.from_numpy(table.weights()))
    with open(out, "w") as fh:
        for i, v in enumerate(host.tolist()):
            fh.write(f"{i}\t{v:.6f}\n")


if __name__ == "__main__":
    main()
