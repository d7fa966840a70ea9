from dataclasses import dataclass, field


@dataclass
class TrackConfig:
    height: int = 2048
    width: int = 2048
    sigma: float = 2.0
    max_disp: float = 25.0
    z_planes: int = 5
    flatfield: str | None = "flatfield.tif"
    positions: list[str] = field(default_factory=lambda: ["A01", "A02", "B01", "B02"])
    workers: int = 4
