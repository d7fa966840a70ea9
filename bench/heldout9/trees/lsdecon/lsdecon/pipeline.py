import argparse
import multiprocessing as mp

import cupyx
import numpy as np
import tifffile

from .config import DeconConfig
from .io import TiffPlaneWriter
from .stitch import stitch
from .tiles import iter_tiles
from .worker import tile_worker


class Pipeline:
    def __init__(self, cfg, volume_shape):
        self.cfg = cfg
        self.shape = volume_shape
        # final volume, kept pinned so the viewer can stream it back to the GPU
        self.volume_out = cupyx.zeros_pinned(volume_shape, dtype=np.float32)

    def run(self, volume):
        ctx = mp.get_context("spawn")
        in_q, out_q = ctx.Queue(maxsize=8), ctx.Queue()
        procs = [ctx.Process(target=tile_worker, args=(r, in_q, out_q, self.cfg)) for r in range(self.cfg.workers)]
        for p in procs:
            p.start()
        n = 0
        for idx, tile in iter_tiles(volume, self.cfg.tile, self.cfg.overlap):
            in_q.put((idx, tile))
            n += 1
        for _ in procs:
            in_q.put(None)
        results = [out_q.get() for _ in range(n)]
        for p in procs:
            p.join()
        self.volume_out[:] = stitch(results, self.shape, self.cfg.tile, self.cfg.overlap)
        writer = TiffPlaneWriter(self.cfg.out_path, self.shape[1:])
        for z in range(self.shape[0]):
            writer.write_plane(self.volume_out[z])
        writer.close()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("stack")
    ap.add_argument("--config", default="decon.yaml")
    args = ap.parse_args()
    cfg = DeconConfig.from_yaml(args.config)
    vol = tifffile.imread(args.stack).astype(np.float32)
    Pipeline(cfg, vol.shape).run(vol)


if __name__ == "__main__":
    main()
