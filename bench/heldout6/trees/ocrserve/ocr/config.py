from dataclasses import dataclass, field


@dataclass
class OcrConfig:
    det_size: int = 960
    rec_height: int = 32
    rec_width: int = 320
    max_crops: int = 256
    charset: str = "assets/charset_en.txt"
    stages: list = field(default_factory=lambda: ["layout", "detect", "recognize"])
    device: str = "cuda:0"
    workers: int = 4
    finetune_epochs: int = 5
    batch_size: int = 64
