from __future__ import annotations

import numpy as np

from ._ffi import check, dptr, ffi, lib
from .config import Dims


class GasOptics:
    """Owns one libradxfer context: the k-distribution, the solar source and device scratch."""

    def __init__(self, dims: Dims, lookup: str, solar: np.ndarray):
        self.dims = dims
        self._cdims = ffi.new("rt_dims *", [dims.n_bands, dims.n_g, dims.n_layers, dims.n_cols])
        self._ctx = lib.rt_create(self._cdims)
        if self._ctx == ffi.NULL:
            raise MemoryError("rt_create failed")
        check(lib.rt_load_lookup(self._ctx, lookup.encode()), f"loading {lookup}")
        solar = np.ascontiguousarray(solar, dtype=np.float64)
        check(lib.rt_init_solar(self._ctx, dptr(solar), solar.size), "solar source")

    def optical_depth(self, play, tlay, h2o, tau) -> None:
        check(lib.rt_compute_bands(self._ctx, dptr(play), dptr(tlay), dptr(h2o), dptr(tau), play.shape[0]),
              "gas optics")

    def boundary(self, albedo, mu0, bc) -> None:
        check(lib.rt_prepare_column(self._ctx, dptr(albedo), dptr(mu0), mu0.shape[0], dptr(bc)), "boundary")

    def write_restart(self, path: str) -> None:
        check(lib.rt_write_restart(self._ctx, path.encode()), f"writing {path}")

    def close(self) -> None:
        if self._ctx is not None:
            lib.rt_destroy(self._ctx)
            self._ctx = None

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
