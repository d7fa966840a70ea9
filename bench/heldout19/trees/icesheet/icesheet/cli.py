from __future__ import annotations

import logging
import sys

from .config import parse_args
from .invert import run


def main(argv: list[str] | None = None) -> int:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    cfg = parse_args(argv)
    run(cfg)
    return 0


if __name__ == "__main__":
    sys.exit(main())
