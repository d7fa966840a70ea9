from __future__ import annotations

import argparse
import logging

import numpy as np

from ._crf import BeamDecoder
from .basecaller import Basecaller
from .calib import register_adapter_table, trim_adapters
from .model import load_model, load_scaling
from .pod5 import Pod5Reader, load_calibration


class FastqSink:
    def __init__(self, path: str, adapters=None):
        self.fh = open(path, "w")
        self.adapters = adapters

    def write(self, read) -> None:
        read_id, seq, qual, _moves = read
        seq, qual = trim_adapters(seq, qual, self.adapters)
        q = "".join(chr(33 + min(int(v), 60)) for v in qual) or "!" * len(seq)
        self.fh.write(f"@{read_id}\n{seq}\n+\n{q[:len(seq)]}\n")

    def close(self) -> None:
        self.fh.close()


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(prog="nanocall")
    sub = ap.add_subparsers(dest="cmd", required=True)
    b = sub.add_parser("basecall")
    b.add_argument("pod5")
    b.add_argument("-o", "--out", required=True)
    b.add_argument("--model", default="dna_r10.4.1_hac@v4")
    b.add_argument("--adapters", default=None)
    b.add_argument("--calibration", default=None)
    b.add_argument("--summary", default=None)
    s = sub.add_parser("serve")
    s.add_argument("--model", default="dna_r10.4.1_fast@v4")
    s.add_argument("--port", type=int, default=50051)
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO)

    model = load_model(args.model)
    scaling = load_scaling(args.model)
    decoder = BeamDecoder(max_T=80_000, n_states=model.n_states, beam_width=32)
    if args.cmd == "serve":
        from .server import serve
        serve(model, decoder, scaling, port=args.port)
        return
    if args.calibration:
        calib = load_calibration(args.calibration)
        if calib is not None:
            logging.info("loaded %d calibration entries", calib[0].size)
    adapters = register_adapter_table(np.load(args.adapters)) if args.adapters else None
    reader = Pod5Reader(args.pod5)
    sink = FastqSink(args.out, adapters)
    try:
        Basecaller(model, decoder, scaling).run(reader, sink)
        if args.summary:
            reader.write_summary(args.summary)
    finally:
        sink.close()
        reader.close()


if __name__ == "__main__":
    main()
