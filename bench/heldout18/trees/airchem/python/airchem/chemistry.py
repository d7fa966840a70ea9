import numpy as np

from ._ffi import fptr, lib


class ChemSolver:
    def __init__(self, cfg):
        self.cfg = cfg
        if lib.ac_init(cfg.n_cells, cfg.n_species) != 0:
            raise RuntimeError("ac_init failed")
        lib.ac_load_landuse(cfg.landuse.encode(), cfg.n_cells)

    def load_emissions(self, path):
        emis = np.empty(self.cfg.n_cells * self.cfg.n_species, dtype=np.float32)
        rc = lib.ac_read_emissions(path.encode(), fptr(emis), emis.size)
        if rc != 0:
            raise OSError(f"emissions {path}: rc={rc}")
        return emis

    def step(self, conc, dt):
        rc = lib.ac_step_chemistry(fptr(conc), self.cfg.n_cells, dt)
        if rc != 0:
            raise RuntimeError(f"chemistry step failed: {rc}")

    def photolysis(self, sza):
        j = np.zeros(self.cfg.n_cells, dtype=np.float32)
        lib.ac_photolysis(fptr(sza), self.cfg.n_cells, self.cfg.photolysis_bins, fptr(j))
        return j

    def write(self, path, conc):
        return lib.ac_write_output(path.encode(), fptr(conc), conc.size)
