"""Simulate a Jukes-Cantor alignment on a random tree (one-off test data)."""
import ctypes
import sys

import numpy as np

from phylo._lib import lib


def main(out, ntips=32, nsites=5000):
    rng = np.random.default_rng(7)
    buf = lib.plk_make_split_buffer(ntips * 4)
    probs = np.ctypeslib.as_array(buf, shape=(ntips * 4,))
    probs[:] = rng.dirichlet(np.ones(4), ntips).ravel()
    with open(out, "w") as f:
        for t in range(ntips):
            seq = rng.choice(list("ACGT"), nsites, p=probs[t * 4:(t + 1) * 4])
            f.write(f">t{t}\n{''.join(seq)}\n")
    lib.plk_free_host(buf)


if __name__ == "__main__":
    main(sys.argv[1])
