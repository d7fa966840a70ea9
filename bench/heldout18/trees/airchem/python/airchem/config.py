from dataclasses import dataclass


@dataclass
class ForecastConfig:
    nx: int = 240
    ny: int = 180
    nz: int = 35
    n_species: int = 72
    dt: float = 120.0
    hours: int = 72
    photolysis_bins: int = 18
    members: int = 20
    emissions: str = "emis_2026.bin"
    landuse: str = "landuse.u8"

    @property
    def n_cells(self):
        return self.nx * self.ny * self.nz

    @property
    def steps_per_hour(self):
        return int(3600 / self.dt)
