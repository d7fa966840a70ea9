import argparse
from dataclasses import dataclass


@dataclass
class RenderConfig:
    width: int = 1280
    height: int = 720
    tile: int = 16
    sh_degree: int = 3
    background: tuple = (0.0, 0.0, 0.0)
    near: float = 0.01
    far: float = 100.0
    port: int = 8765


def parse_args(argv=None) -> tuple:
    ap = argparse.ArgumentParser("splat")
    ap.add_argument("scene")
    ap.add_argument("--width", type=int, default=1280)
    ap.add_argument("--height", type=int, default=720)
    ap.add_argument("--port", type=int, default=8765)
    ap.add_argument("--frames", type=int, default=240)
    ap.add_argument("--out", default="turntable")
    args = ap.parse_args(argv)
    return args, RenderConfig(width=args.width, height=args.height, port=args.port)
