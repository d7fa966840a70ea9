import argparse

from ._lib import lib
from .alignment import Alignment
from .mcmc import Sampler


def main(argv=None):
    ap = argparse.ArgumentParser(prog="phylolik")
    ap.add_argument("fasta")
    ap.add_argument("--ngen", type=int, default=100000)
    ap.add_argument("--chains", type=int, default=4)
    ap.add_argument("--ancestral")
    a = ap.parse_args(argv)
    aln = Alignment(a.fasta)
    s = Sampler(aln, a.chains)
    s.run(a.ngen)
    if a.ancestral:
        lib.plk_dump_ancestral(a.ancestral.encode(), s.chains[0].inst)
    s.close("trace.bin")
    aln.close()


if __name__ == "__main__":
    main()
