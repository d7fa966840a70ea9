"""Reduced mechanisms shipped with combkin."""
from __future__ import annotations

from dataclasses import dataclass
from importlib import resources


@dataclass(frozen=True)
class Mechanism:
    name: str
    species: tuple[str, ...]
    file: str

    @property
    def path(self) -> str:
        return str(resources.files("combkin") / "mech" / self.file)


MECHANISMS: dict[str, Mechanism] = {
    "h2_li2004": Mechanism("h2_li2004", ("H2", "O2", "H2O", "H", "O", "OH", "HO2", "H2O2", "N2"), "h2_li2004.mech"),
    "ch4_bfer": Mechanism("ch4_bfer", ("CH4", "O2", "CO", "CO2", "H2O", "N2"), "ch4_bfer.mech"),
    "nh3_okafor": Mechanism("nh3_okafor", ("NH3", "O2", "N2", "H2O", "NO", "H2", "OH"), "nh3_okafor.mech"),
}
