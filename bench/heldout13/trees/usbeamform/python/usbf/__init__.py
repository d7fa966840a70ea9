from ._usbf import Beamformer, initialize, finalize, load_probe_geometry, save_cine

__all__ = ["Beamformer", "initialize", "finalize", "load_probe_geometry", "save_cine"]
