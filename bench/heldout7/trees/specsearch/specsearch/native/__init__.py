import ctypes
import os

import numpy as np

_lib = ctypes.CDLL(os.path.join(os.path.dirname(__file__), "libspectral.so"))
_lib.ss_bin_spectra.argtypes = [ctypes.c_void_p, ctypes.c_int, ctypes.c_int, ctypes.c_float, ctypes.c_void_p]
_lib.ss_bin_spectra.restype = ctypes.c_int
_lib.ss_library_open.argtypes = [ctypes.c_char_p]
_lib.ss_library_open.restype = ctypes.c_void_p
_lib.ss_library_close.argtypes = [ctypes.c_void_p]
_lib.ss_library_size.argtypes = [ctypes.c_void_p]
_lib.ss_library_size.restype = ctypes.c_int


def bin_spectra(block: np.ndarray, bin_width: float, n_bins: int) -> np.ndarray:
    out = np.zeros((block.shape[0], n_bins), np.float32)
    rc = _lib.ss_bin_spectra(block.ctypes.data, block.shape[0], block.shape[1], bin_width, out.ctypes.data)
    if rc != 0:
        raise RuntimeError(f"ss_bin_spectra failed: {rc}")
    return out


class SpectralLibrary:
    def __init__(self, path: str):
        self._h = _lib.ss_library_open(path.encode())
        if not self._h:
            raise OSError(f"cannot open spectral library {path}")

    def __len__(self):
        return _lib.ss_library_size(self._h)

    def close(self):
        if self._h:
            _lib.ss_library_close(self._h)
            self._h = None
