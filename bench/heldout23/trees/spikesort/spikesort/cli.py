from __future__ import annotations

import argparse
import logging

from .config import load_sessions
from .postprocess import export_snippets, summarize_units, write_phy
from .sorter import Sorter


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description="Sort every session listed in a sessions file.")
    ap.add_argument("sessions", help="TOML file with [defaults] and one [session.<name>] per recording")
    ap.add_argument("--only", nargs="*", default=None, help="sort only these session names")
    ap.add_argument("--no-excerpts", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    for cfg in load_sessions(args.sessions):
        if args.only and cfg.name not in args.only:
            continue
        sorter = Sorter(cfg)
        result = sorter.run()
        write_phy(cfg.out_dir, result.times, result.units, result.amps, cfg.sample_rate)
        if not args.no_excerpts:
            export_snippets(cfg, summarize_units(result.times, result.units, result.amps))


if __name__ == "__main__":
    main()
