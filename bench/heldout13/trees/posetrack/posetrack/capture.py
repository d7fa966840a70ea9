"""Live capture loop: cameras -> undistortion -> 2-D detection -> triangulation -> smoothing -> websocket."""
from __future__ import annotations

import argparse
import asyncio
import json
import time

import cv2
from aiohttp import web

from . import CameraRig, Triangulator
from .detector import PoseDetector
from .server import broadcast, make_app
from .skeleton import bone_lengths
from .smoothing import OneEuroSmoother


async def capture_loop(app, caps, rig, detector, tri, smoother, skeleton: str) -> None:
    loop = asyncio.get_running_loop()
    while True:
        frames = []
        for cap in caps:
            ok, frame = cap.read()
            if not ok:
                return
            frames.append(frame)
        t = time.monotonic()
        und = await loop.run_in_executor(None, rig.process, frames)
        kps, scores = detector.detect(und)
        pts = tri.triangulate(kps, scores)
        pts = smoother(pts, t)
        app["latest"] = pts
        await broadcast(app, pts, t)


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(prog="posetrack")
    ap.add_argument("--calib", required=True, help="directory with rig.json and per-camera remap tables")
    ap.add_argument("--weights", default="/opt/posetrack/hrnet_w32_fp16.ts")
    ap.add_argument("--skeleton", default="coco17")
    ap.add_argument("--port", type=int, default=8765)
    args = ap.parse_args(argv)
    rig_cfg = json.load(open(f"{args.calib}/rig.json"))
    caps = [cv2.VideoCapture(dev) for dev in rig_cfg["devices"]]
    h, w = rig_cfg["height"], rig_cfg["width"]
    rig = CameraRig(len(caps), h, w)
    rig.load_remap_tables(args.calib)
    detector = PoseDetector(args.weights, len(caps), h, w)
    detector.warmup()
    tri = Triangulator(rig_cfg["projections"])
    smoother = OneEuroSmoother()
    app = make_app()

    async def start_capture(app):
        app["capture"] = asyncio.create_task(capture_loop(app, caps, rig, detector, tri, smoother, args.skeleton))

    app.on_startup.append(start_capture)
    web.run_app(app, port=args.port)


if __name__ == "__main__":
    main()
