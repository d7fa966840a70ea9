from dataclasses import dataclass

import yaml


@dataclass
class Settings:
    broker: str = "mqtt://broker.local:1883"
    topic: str = "plant/+/sensors"
    window: int = 256
    threshold: float = 4.5
    celery_broker: str = "redis://localhost:6379/0"
    ring_slots: int = 1024


def load(path="config/default.yaml"):
    with open(path) as fh:
        return Settings(**yaml.safe_load(fh))
