from dataclasses import dataclass, field


@dataclass
class EngineConfig:
    symbols: list = field(default_factory=lambda: ["ESZ4", "NQZ4", "CLF5"])
    levels: int = 10
    window: int = 512
    features: list = field(default_factory=lambda: ["imbalance", "vwap", "spread"])
    calendar: str = "data/cme_holidays.txt"
    lib_path: str = "native/libob.so"
