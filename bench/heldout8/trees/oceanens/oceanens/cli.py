import argparse

from .config import load_config
from .pipeline import run_pipeline


def main():
    ap = argparse.ArgumentParser(description="ensemble post-processing")
    ap.add_argument("config")
    ap.add_argument("--workers", type=int, default=None)
    args = ap.parse_args()
    cfg = load_config(args.config)
    if args.workers:
        cfg.workers = args.workers
    run_pipeline(cfg)


if __name__ == "__main__":
    main()
