"""photoz-run: process every survey field listed in a run configuration."""
from __future__ import annotations

import argparse
import logging

from .config import load_config
from .pipeline import Pipeline
from .register import load_dust_map


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(prog="photoz-run", description=__doc__)
    ap.add_argument("--config", required=True)
    ap.add_argument("--dust-map", required=True)
    ap.add_argument("--only", nargs="*", default=None, help="survey names to run")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO if args.verbose else logging.WARNING)

    run = load_config(args.config)
    load_dust_map(args.dust_map)
    for survey in run.surveys:
        if args.only and survey.name not in args.only:
            continue
        Pipeline(survey, run).run()


if __name__ == "__main__":
    main()
