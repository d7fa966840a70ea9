"""One-off: dump a range of radar windows to a flat float32 file for the viewer."""
import argparse

import torch

from nowcast.data.radar_dataset import RadarSequenceDataset, iter_sequences


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("root")
    ap.add_argument("out")
    ap.add_argument("--start", type=int, default=0)
    ap.add_argument("--count", type=int, default=100)
    a = ap.parse_args()
    ds = RadarSequenceDataset(a.root, 6, 12, "val")
    header = torch.zeros(4, dtype=torch.int64).pin_memory()
    header[0], header[1] = a.start, a.count
    with open(a.out, "wb") as fh:
        fh.write(header.numpy().tobytes())
        for _, host in iter_sequences(ds, a.start, a.start + a.count):
            fh.write(host.numpy().tobytes())


if __name__ == "__main__":
    main()
