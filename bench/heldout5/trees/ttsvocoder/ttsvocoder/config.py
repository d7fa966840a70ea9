import argparse
import os
from dataclasses import dataclass, field


@dataclass
class AudioConfig:
    sample_rate: int = 22050
    n_fft: int = 1024
    hop_length: int = 256
    win_length: int = 1024
    n_mels: int = 80
    fmin: float = 0.0
    fmax: float = 8000.0


@dataclass
class ServerConfig:
    acoustic_ckpt: str = "checkpoints/acoustic.pt"
    vocoder_ckpt: str = "checkpoints/hifigan.pt"
    device: str = "cuda:0"
    max_text_len: int = 600
    max_frames: int = 2000
    chunk_frames: int = 64
    pool_size: int = 8
    warmup_steps: int = 4
    host: str = "0.0.0.0"
    port: int = int(os.environ.get("TTS_PORT", "8080"))
    audio: AudioConfig = field(default_factory=AudioConfig)


def from_argv(argv=None):
    p = argparse.ArgumentParser("tts-server")
    p.add_argument("--acoustic", default=ServerConfig.acoustic_ckpt)
    p.add_argument("--vocoder", default=ServerConfig.vocoder_ckpt)
    p.add_argument("--device", default="cuda:0")
    p.add_argument("--chunk-frames", type=int, default=64)
    p.add_argument("--pool-size", type=int, default=8)
    p.add_argument("--port", type=int, default=ServerConfig.port)
    a = p.parse_args(argv)
    return ServerConfig(acoustic_ckpt=a.acoustic, vocoder_ckpt=a.vocoder, device=a.device,
                        chunk_frames=a.chunk_frames, pool_size=a.pool_size, port=a.port)
