from dataclasses import dataclass, field


@dataclass
class FinetuneConfig:
    pretrained: str = "ckpt/unet_base.pt"
    data_dir: str = "data/captions"
    resolution: int = 512
    batch_size: int = 8
    lr: float = 1e-5
    epochs: int = 10
    ema_decay: float = 0.9999
    offload_activations: bool = True
    offload_optimizer: bool = True
    grad_offload: bool = False
    num_workers: int = 8
    pin_memory: bool = True
    sample_prompts: list = field(default_factory=lambda: ["a red fox in snow", "a lighthouse at dusk"])
