"""Times TemplateMatcher.match on a synthetic batch."""

import argparse
import time

import numpy as np

from spikesort import _spikecore


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--channels", type=int, default=384)
    ap.add_argument("--templates", type=int, default=96)
    ap.add_argument("--samples", type=int, default=65536)
    ap.add_argument("--iters", type=int, default=20)
    args = ap.parse_args()

    rng = np.random.default_rng(0)
    m = _spikecore.TemplateMatcher(args.channels, 61, 6.0)
    m.set_templates(rng.standard_normal((args.templates, args.channels, 61)).astype(np.float32))
    x = rng.standard_normal((args.channels, args.samples)).astype(np.float32)
    m.match(x, 0)
    t = []
    for _ in range(args.iters):
        t0 = time.perf_counter()
        m.match(x, 0)
        t.append(time.perf_counter() - t0)
    print(f"match: median {1e3 * np.median(t):.2f} ms over {args.iters} iterations")


if __name__ == "__main__":
    main()
