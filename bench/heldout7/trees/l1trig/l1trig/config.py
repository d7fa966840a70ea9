from dataclasses import dataclass, field
from typing import Dict, List

import yaml


@dataclass
class Menu:
    seeds: List[dict] = field(default_factory=list)
    prescales: Dict[str, int] = field(default_factory=dict)
    lut: str = "luts/calo_v3.bin"
    ring_slots: int = 8


def load_menu(path) -> Menu:
    with open(path) as fh:
        return Menu(**yaml.safe_load(fh))
