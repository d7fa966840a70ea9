import logging
import sys

from .config import parse_args
from .data import make_clip_loader
from .native import vaops
from .pipeline import Pipeline
from .stages import decode, detect, track  # noqa: F401


def load_model(name, device):
    import torch
    return torch.hub.load("ultralytics/yolov5", name, pretrained=True).to(device).eval()


def open_reader(source):
    from .io_reader import StreamReader
    return StreamReader(source)


def evaluate(cfg, root):
    loader = make_clip_loader(root)
    model = load_model(cfg.detect.model, cfg.device)
    n = 0
    for clip in loader:
        n += clip.shape[0]
        model(clip.to(cfg.device, non_blocking=True).flatten(0, 1).permute(0, 3, 1, 2).float() / 255)
    return n


def main(argv=None):
    logging.basicConfig(level=logging.INFO)
    cfg = parse_args(argv)
    if cfg.source.startswith("eval:"):
        print(evaluate(cfg, cfg.source[5:]))
        return 0
    reader = open_reader(cfg.source)
    pipe = Pipeline(cfg, reader, load_model(cfg.detect.model, cfg.device))
    try:
        for meta in pipe.run(reader.packets(cfg.detect.batch_size)):
            pass
    finally:
        pipe.close()
        if cfg.dump_dir:
            vaops.dump_frame(cfg.dump_dir + "/last.raw")
    return 0


if __name__ == "__main__":
    sys.exit(main())
