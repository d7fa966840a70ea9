from __future__ import annotations

import argparse
import tomllib

import numpy as np
import soundfile as sf

from ._ffi import fbuf, ffi, lib
from .auralize import Auralizer
from .hip import registered
from ._diffuse import DiffuseSolver


class Simulation:
    def __init__(self, cfg: dict):
        self.cfg = cfg
        mats = np.loadtxt(cfg["materials"], delimiter=",", dtype=np.float32)
        self.ctx = lib.rr_create(len(mats), 1 << 20)
        tris, ids = self._load_obj(cfg["mesh"])
        if lib.rr_load_mesh(self.ctx, fbuf(tris), len(tris), ffi.cast("int*", ffi.from_buffer(ids))):
            raise RuntimeError("rr_load_mesh failed")
        lib.rr_load_materials(self.ctx, fbuf(mats), mats.shape[0], mats.shape[1])
        self.bands = np.asarray(cfg["bands"], np.float32)
        self.n_bins = int(cfg["ir_seconds"] * cfg["sample_rate"])
        self.diffuse = DiffuseSolver(len(cfg["receivers"]), self.n_bins)

    @staticmethod
    def _load_obj(path):
        v, f = [], []
        with open(path) as fh:
            for line in fh:
                if line.startswith("v "):
                    v.append([float(x) for x in line.split()[1:4]])
                elif line.startswith("f "):
                    f.append([int(x.split("/")[0]) - 1 for x in line.split()[1:4]])
        v, f = np.asarray(v, np.float32), np.asarray(f)
        return np.ascontiguousarray(v[f].reshape(-1, 9)), np.zeros(len(f), np.int32)

    def run(self, ir: np.ndarray) -> np.ndarray:
        energy = np.zeros(len(self.bands), np.float32)
        hist = np.zeros(self.n_bins, np.float32)
        for src in self.cfg["sources"]:
            s = np.asarray(src, np.float32)
            lib.rr_trace_bands(self.ctx, fbuf(s), self.cfg["n_rays"], fbuf(self.bands),
                               len(self.bands), fbuf(energy))
            for r, rcv in enumerate(self.cfg["receivers"]):
                lib.rr_accumulate(self.ctx, fbuf(np.asarray(rcv, np.float32)), 0.5, self.n_bins, fbuf(hist))
                ir[r] += hist
        for t in range(0, self.n_bins, 480):
            ir[:, t:t + 480] += np.asarray(self.diffuse.step(float(energy.mean()), t)).reshape(len(ir), -1)[:, :480]
        return ir


def main(argv=None):
    ap = argparse.ArgumentParser("reverb")
    ap.add_argument("--config", default="configs/hall.toml")
    ap.add_argument("--dry")
    ap.add_argument("--out", default="ir.bin")
    args = ap.parse_args(argv)
    with open(args.config, "rb") as fh:
        cfg = tomllib.load(fh)
    sim = Simulation(cfg)
    ir = np.zeros((len(cfg["receivers"]), sim.n_bins), np.float32)
    with registered(ir):
        sim.run(ir)
    lib.rr_export_ir(sim.ctx, args.out.encode(), sim.n_bins)
    if args.dry:
        dry, sr = sf.read(args.dry, dtype="float32")
        sf.write("wet.wav", Auralizer(ir[0]).render(dry), sr)
    lib.rr_destroy(sim.ctx)


if __name__ == "__main__":
    main()
