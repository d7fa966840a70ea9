import argparse
import dataclasses
from dataclasses import dataclass, field
from typing import List, Optional


@dataclass
class DecodeConfig:
    ring_size: int = 8
    width: int = 1920
    height: int = 1080
    channels: int = 3
    codec: str = "h264"
    drop_late_frames: bool = True


@dataclass
class DetectConfig:
    model: str = "yolov5s"
    input_size: int = 640
    batch_size: int = 4
    conf_thres: float = 0.25
    iou_thres: float = 0.45
    half: bool = True


@dataclass
class TrackConfig:
    max_age: int = 30
    min_hits: int = 3
    max_tracks: int = 256


@dataclass
class PipelineConfig:
    source: str = "rtsp://localhost:8554/cam0"
    stages: List[str] = field(default_factory=lambda: ["decode", "detect", "track"])
    decode: DecodeConfig = field(default_factory=DecodeConfig)
    detect: DetectConfig = field(default_factory=DetectConfig)
    track: TrackConfig = field(default_factory=TrackConfig)
    device: str = "cuda:0"
    max_frames: Optional[int] = None
    log_every: int = 100
    dump_dir: Optional[str] = None

    def to_dict(self):
        return dataclasses.asdict(self)


def parse_args(argv=None) -> PipelineConfig:
    p = argparse.ArgumentParser("vidanalytics")
    p.add_argument("--source", default=PipelineConfig.source)
    p.add_argument("--stages", default="decode,detect,track")
    p.add_argument("--ring-size", type=int, default=8)
    p.add_argument("--batch-size", type=int, default=4)
    p.add_argument("--input-size", type=int, default=640)
    p.add_argument("--max-frames", type=int, default=None)
    p.add_argument("--device", default="cuda:0")
    p.add_argument("--dump-dir", default=None)
    a = p.parse_args(argv)
    cfg = PipelineConfig(source=a.source, stages=a.stages.split(","), device=a.device,
                         max_frames=a.max_frames, dump_dir=a.dump_dir)
    cfg.decode.ring_size = a.ring_size
    cfg.detect.batch_size = a.batch_size
    cfg.detect.input_size = a.input_size
    return cfg
