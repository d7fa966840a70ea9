from __future__ import annotations

import argparse
import logging

import numpy as np

from . import config
from .genotypes import register_genotypes
from .simulator import Simulator


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="popsim")
    ap.add_argument("config")
    ap.add_argument("--backend", choices=["cupy", "pycuda"], default="cupy")
    ap.add_argument("--founders", help="uint8 .npy founder haplotypes")
    ap.add_argument("--vcf", help="seed the demes from a haploid VCF")
    ap.add_argument("--generations", type=int)
    ap.add_argument("--out", default="out")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO)

    model, params = config.load(args.config)
    sim = Simulator(model, params, backend=args.backend, seed=args.seed)
    if args.founders:
        founders = np.load(args.founders)
        reg = register_genotypes(founders)
        try:
            sim.seed_from(reg.array)
        finally:
            reg.close()
    elif args.vcf:
        sim.seed_from_vcf(args.vcf)
    sim.run(args.generations or model.generations, args.out)
    np.savez(f"{args.out}/sfs.npz", **{str(k): v for k, v in sim.spectra.items()})
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
