from __future__ import annotations

import logging

from .config import StackConfig, parse_args
from .export import write_velocity
from .pipeline import Pipeline


def main(argv=None):
    logging.basicConfig(level=logging.INFO)
    args = parse_args(argv)
    cfg = StackConfig.from_json(args.config)
    pipe = Pipeline(cfg)
    velocity = pipe.run(args.limit)
    write_velocity(cfg.out, velocity, cfg.burst_shape)


if __name__ == "__main__":
    main()
