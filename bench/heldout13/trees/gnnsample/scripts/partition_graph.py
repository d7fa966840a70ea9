"""Convert an OGB edge list into the gnnsample CSR v2 file (run once per dataset)."""
import argparse
import struct

import numpy as np
import torch

MAGIC = 0x3152534343534E47


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("edges")
    ap.add_argument("out")
    args = ap.parse_args()
    edges = torch.from_numpy(np.load(args.edges)).pin_memory()
    e = edges.cuda(non_blocking=True)
    n = int(e.max()) + 1
    order = torch.argsort(e[0] * n + e[1])
    src, dst = e[0][order], e[1][order]
    indptr = torch.zeros(n + 1, dtype=torch.long, device="cuda")
    indptr[1:] = torch.cumsum(torch.bincount(src, minlength=n), 0)
    ip, ix = indptr.cpu().numpy(), dst.cpu().numpy().astype(np.int64)
    hdr_size = 48
    with open(args.out, "wb") as fh:
        fh.write(struct.pack("<QIIqqqq", MAGIC, 2, 0, n, ix.size, hdr_size, hdr_size + ip.nbytes))
        fh.write(ip.tobytes())
        fh.write(ix.tobytes())
    print(f"wrote {n} nodes, {ix.size} edges to {args.out}")


if __name__ == "__main__":
    main()
