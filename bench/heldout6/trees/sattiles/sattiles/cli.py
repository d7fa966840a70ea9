import logging

from .config import from_argv
from .pipeline import TilePipeline


def main(argv=None):
    logging.basicConfig(level=logging.INFO)
    scene, cfg = from_argv(argv)
    TilePipeline(cfg).run_scene(scene)


if __name__ == "__main__":
    main()
