import logging

from .config import parse_args
from .pipeline import run


def main(argv=None) -> int:
    logging.basicConfig(level=logging.INFO)
    cfg, samples = parse_args(argv)
    run(cfg, samples)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
