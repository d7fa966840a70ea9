from dataclasses import dataclass, field

import jax
import jax.numpy as jnp
import numpy as np
from astropy.io import fits

from .sharding import host_sharding


@dataclass
class ImageSet:
    image_path: str
    psf_path: str
    pixel_scale: float
    image: jax.Array = field(init=False)
    psf_host: jax.Array = field(init=False)

    def __post_init__(self):
        self.image = jnp.asarray(fits.getdata(self.image_path).astype(np.float32))
        psf = fits.getdata(self.psf_path).astype(np.float32)
        self.psf_host = jax.device_put(psf / psf.sum(), host_sharding())

    @property
    def noise(self):
        return jnp.std(self.image[:20, :20])
