from dataclasses import dataclass


@dataclass(frozen=True)
class KrigeConfig:
    composites: str = "composites.csv"
    drillholes: str = "drillholes.f32"
    block_model: str = "blocks.bkm"
    variogram: str = "exponential"
    capacity: int = 64 * 64
    search_radius: float = 150.0
    realizations: int = 100
    folds: int = 10
    audit_log: str | None = None
