from dataclasses import dataclass, field


@dataclass
class ServeConfig:
    model_dir: str = "/models/sd-xl"
    lora_dir: str = "/models/lora"
    scheduler: str = "euler"
    default_steps: int = 30
    guidance: float = 7.0
    host: str = "0.0.0.0"
    port: int = 8080
    warm_shapes: list = field(default_factory=lambda: [(1024, 1024), (768, 1344), (1344, 768)])
