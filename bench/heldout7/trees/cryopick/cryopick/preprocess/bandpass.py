import numpy as np

from .. import _cryo_ext as ext


class BandpassStage:
    def __init__(self, pixel_size, lowpass, highpass):
        self.lo = pixel_size / lowpass
        self.hi = pixel_size / highpass

    def __call__(self, micrograph):
        arr = np.ascontiguousarray(micrograph, dtype=np.float32)
        return ext.bandpass_filter(arr, self.lo, self.hi)
