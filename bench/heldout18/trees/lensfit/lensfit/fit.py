import argparse

import numpy as np

from .config import FitConfig
from .data import ImageSet
from .likelihood import LensLikelihood
from .sampler import NestedSampler


def fit(cfg):
    images = ImageSet(cfg.image, cfg.psf, cfg.pixel_scale)
    like = LensLikelihood(images, cfg)
    sampler = NestedSampler(like, [0.5, 0.3, -0.2, -0.2], [2.0, 1.0, 0.2, 0.2], cfg.n_live)
    chunks = sampler.run(cfg.max_iter, cfg.checkpoint_every)
    post = np.concatenate([np.asarray(c) for c in chunks])
    return post.mean(axis=0), post.std(axis=0)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--max-iter", type=int, default=20000)
    mean, std = fit(FitConfig(max_iter=ap.parse_args().max_iter))
    print("theta_E = %.3f +- %.3f" % (mean[0], std[0]))


if __name__ == "__main__":
    main()
