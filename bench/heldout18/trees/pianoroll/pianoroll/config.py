from dataclasses import dataclass


@dataclass
class TrainConfig:
    data_root: str = "/data/maestro-v3.0.0"
    sample_rate: int = 16000
    hop: int = 512
    n_mels: int = 229
    segment_frames: int = 640
    batch_size: int = 16
    num_workers: int = 8
    epochs: int = 50
    lr: float = 6e-4
    ema_decay: float = 0.999
    onset_thresh: float = 0.5
    vocab_path: str = "pedal_vocab.bin"
