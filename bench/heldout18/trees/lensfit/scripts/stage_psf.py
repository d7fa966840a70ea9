"""One-shot: normalise a PSF and keep it in pinned host memory for inspection."""
import sys

import jax
import numpy as np
from astropy.io import fits

from lensfit.sharding import host_sharding

psf = fits.getdata(sys.argv[1]).astype(np.float32)
pinned = jax.device_put(psf / psf.sum(), host_sharding())
print(pinned.sharding.memory_kind, float(pinned.sum()))
