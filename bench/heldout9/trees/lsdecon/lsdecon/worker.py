"""Tile worker process: one CUDA context per process, fed through multiprocessing queues."""
import numpy as np

from .background import BackgroundModel
from .psf import load_psf
from .rl import richardson_lucy


def process_tile(cuda, tile, psf, cfg, bg, shifter):
    tile = np.ascontiguousarray(tile, dtype=np.float32)
    reg = cuda.register_host_memory(tile)
    try:
        d_in = cuda.to_device(reg)
        d_out = cuda.mem_alloc(reg.nbytes)
        shifter(d_out, d_in, reg.shape, (0.0, 0.0, 0.25))
        cuda.memcpy_dtoh(reg, d_out)
    finally:
        reg.base.unregister()
    clean = bg.subtract(tile)
    est, _ = richardson_lucy(clean, psf, cfg.n_iter)
    bg.release()
    return est.get()


def tile_worker(rank, in_q, out_q, cfg):
    import pycuda.driver as cuda

    cuda.init()
    ctx = cuda.Device(rank).make_context()
    try:
        from .kernels import ShiftKernel

        shifter = ShiftKernel()
        psf = load_psf(cfg.psf_path)
        bg = BackgroundModel(cfg.background)
        ring = cuda.pagelocked_empty((cfg.ring, cfg.tile, cfg.tile, cfg.tile), dtype=np.float32)
        slot = 0
        while True:
            item = in_q.get()
            if item is None:
                break
            idx, tile = item
            ring[slot][: tile.shape[0], : tile.shape[1], : tile.shape[2]] = process_tile(cuda, tile, psf, cfg, bg, shifter)
            out_q.put((idx, ring[slot][: tile.shape[0], : tile.shape[1], : tile.shape[2]].copy()))
            slot = (slot + 1) % cfg.ring
    finally:
        ctx.pop()
