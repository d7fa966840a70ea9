from __future__ import annotations

import argparse
import logging

from .config import load_site
from .survey import Survey


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description="Process every survey line of a site file.")
    ap.add_argument("site", help="site JSON (site metadata, defaults, surveys)")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO)
    site, jobs = load_site(args.site)
    logging.info("site %s: %d survey lines", site.get("name", "?"), len(jobs))
    for job in jobs:
        survey = Survey(job)
        try:
            survey.run()
        finally:
            survey.close()


if __name__ == "__main__":
    main()
