import argparse

import torch

import kge  # noqa: F401


def main():
    ap = argparse.ArgumentParser(description="Concatenate the trained partitions into one embedding file")
    ap.add_argument("part_dir")
    ap.add_argument("--parts", type=int, required=True)
    ap.add_argument("--rows", type=int, required=True)
    ap.add_argument("--dim", type=int, default=400)
    ap.add_argument("--out", default="entities.emb")
    a = ap.parse_args()
    full = torch.empty((a.parts * a.rows, a.dim), pin_memory=True)
    for p in range(a.parts):
        full[p * a.rows:(p + 1) * a.rows] = torch.ops.kge.load_partition(f"{a.part_dir}/part_{p:04d}.bin", a.rows, a.dim)
    n = torch.ops.kge.dump_embeddings(full, a.out)
    print(f"wrote {n} rows to {a.out}")


if __name__ == "__main__":
    main()
