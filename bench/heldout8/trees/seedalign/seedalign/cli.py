import argparse

import numpy as np

from .api import Index, seed_batch, write_paf, write_sam
from .pipeline import ReadPool, fastq_batches


def main(argv=None):
    ap = argparse.ArgumentParser("seedalign")
    ap.add_argument("index")
    ap.add_argument("reads")
    ap.add_argument("-o", "--out", default="out.sam")
    ap.add_argument("--paf", action="store_true")
    ap.add_argument("-k", type=int, default=19)
    ap.add_argument("-w", type=int, default=10)
    ap.add_argument("--batch", type=int, default=65536)
    args = ap.parse_args(argv)

    pool = ReadPool(args.batch * 300)
    all_hits = []
    with Index(args.index) as idx:
        for reads in fastq_batches(args.reads, args.batch):
            pool.refill(reads)
            all_hits.append(seed_batch(idx, reads, args.k, args.w))
    pool.close()
    hits = np.concatenate(all_hits) if all_hits else np.zeros(0, np.int32)
    (write_paf if args.paf else write_sam)(args.out, hits)


if __name__ == "__main__":
    main()
