"""octproc entry point: calibrate, then stream frames and serve the preview."""
from __future__ import annotations

import argparse
import logging

import cv2
import numpy as np
from aiohttp import web

from . import _oct
from .acquisition import FrameGrabber, FrameRing
from .calibration import load_klin, per_frame_background, read_mirror
from .config import Config
from .pipeline import Pipeline
from .preview import routes


def build(cfg: Config) -> tuple[Pipeline, FrameGrabber]:
    sc = cfg.scan
    proc = _oct.BscanProcessor(_oct.ScanGeometry(sc.alines, sc.samples, sc.depth))
    proc.set_k_linearization(load_klin(cfg.calibration.klin, sc.samples))
    bg = per_frame_background(cfg.acquisition.source, sc.alines, sc.samples, cfg.calibration.background_frames)
    bg_path = f"{cfg.output.dir}/background.tiff"
    cv2.imwrite(bg_path, bg[None, :])
    proc.load_background(bg_path)
    lo, hi, n = cfg.calibration.a2_grid
    a2, sharp = proc.calibrate_dispersion(read_mirror(cfg.calibration.mirror, sc.alines, sc.samples),
                                          list(np.linspace(lo, hi, int(n))))
    logging.info("dispersion a2=%.3g (sharpness %.3g)", a2, sharp)
    writer = _oct.VolumeWriter(sc.bscans_per_volume, sc.depth, sc.alines)
    pipe = Pipeline(cfg, proc, writer)
    ring = FrameRing(cfg.acquisition.ring_depth, sc.alines, sc.samples)
    grabber = FrameGrabber(cfg.acquisition.source, ring, cfg.acquisition.fps)
    grabber.add_callback(pipe.on_frame)
    return pipe, grabber


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(prog="octproc")
    ap.add_argument("config")
    ap.add_argument("--port", type=int, default=8090)
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO)
    cfg = Config.load(args.config)
    pipe, grabber = build(cfg)

    async def on_startup(app):
        grabber.start()

    async def on_cleanup(app):
        grabber.stop()
        pipe.writer.save_raw(f"{cfg.output.dir}/structure.u8")
        if cfg.output.export_slices:
            pipe.writer.export_slices(cfg.output.dir, cfg.output.slice_step)

    app = web.Application()
    app["pipeline"] = pipe
    app.add_routes(routes)
    app.on_startup.append(on_startup)
    app.on_cleanup.append(on_cleanup)
    web.run_app(app, port=args.port)
