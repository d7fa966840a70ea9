"""Build the suffix-array index for a reference once."""
import sys

import numpy as np
import cupy as cp
import cupyx


def main(fasta, out):
    seq = b"".join(l.strip() for l in open(fasta, "rb") if not l.startswith(b">"))
    host = cupyx.zeros_pinned(len(seq), dtype=np.uint8)
    host[:] = np.frombuffer(seq, np.uint8)
    d = cp.asarray(host)
    order = cp.argsort(d, kind="stable").astype(cp.uint32)
    with open(out, "wb") as f:
        f.write(np.uint64(len(seq)).tobytes())
        f.write(cp.asnumpy(order).tobytes())
        f.write(seq)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
