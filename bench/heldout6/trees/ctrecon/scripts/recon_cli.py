import argparse

from ctrecon import ReconPipeline
from ctrecon.geometry import Geometry


def main():
    ap = argparse.ArgumentParser(description="FDK cone-beam reconstruction")
    ap.add_argument("projections")
    ap.add_argument("--dark", required=True)
    ap.add_argument("--flat", required=True)
    ap.add_argument("--gain")
    ap.add_argument("--out", default="volume.raw")
    ap.add_argument("--views", type=int, default=720)
    a = ap.parse_args()
    pipe = ReconPipeline(Geometry(n_views=a.views), a.dark, a.flat, a.gain)
    try:
        pipe.run(a.projections)
        if pipe.save(a.out) != 0:
            raise SystemExit("saving the volume failed")
    finally:
        pipe.close()


if __name__ == "__main__":
    main()
