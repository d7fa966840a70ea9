"""Demux with PyAV, decode on NVDEC, hand frames to a model and a writer."""

import argparse

import av
import numpy as np
import torch

from . import _framedec
from .writer import TensorWriter

IMAGENET_MEAN = (0.485, 0.456, 0.406)
IMAGENET_STD = (0.229, 0.224, 0.225)


def sei_size(packet):
    side = getattr(packet, "side_data", None) or []
    return sum(len(bytes(s)) for s in side)


class Pipeline:
    def __init__(self, path, model=None, crop=None, device="cuda"):
        self.container = av.open(path)
        self.vstream = self.container.streams.video[0]
        codec = self.vstream.codec_context.name
        w, h = self.vstream.codec_context.width, self.vstream.codec_context.height
        self.dec = _framedec.FrameDecoder(codec, w, h, 4)
        if crop is not None:
            self.dec.set_crop(*crop)
            w, h = crop[2], crop[3]
        self.writer = TensorWriter(h, w, device=device)
        self.model = model
        self.device = torch.device(device)
        self.model_in = torch.empty((1, 3, h, w), dtype=torch.float32, pin_memory=True)
        self.scores = []

    @torch.inference_mode()
    def run(self, max_frames=None):
        gop = []
        n = 0
        for pkt in self.container.demux(self.vstream):
            if pkt.size == 0:
                continue
            frame = self.dec.decode_next(bytes(pkt), pkt.pts or 0, pkt.is_keyframe, sei_size(pkt))
            if frame.size == 0:
                continue
            if pkt.is_keyframe and gop:
                self.writer.write_gop(gop)
                gop = []
            gop.append(frame)
            self.writer.write(frame)
            if self.model is not None:
                chw = _framedec.normalize_frame(frame, IMAGENET_MEAN, IMAGENET_STD)
                self.model_in[0].copy_(torch.from_numpy(chw))
                logits = self.model(self.model_in.to(self.device, non_blocking=True))
                self.scores.append(logits.softmax(-1).max().item())
            n += 1
            if max_frames is not None and n >= max_frames:
                break
        if gop:
            self.writer.write_gop(gop)
        return n


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("video")
    ap.add_argument("--crop", type=int, nargs=4, metavar=("X", "Y", "W", "H"))
    ap.add_argument("--poster")
    ap.add_argument("--sheet")
    ap.add_argument("--max-frames", type=int)
    ap.add_argument("--dump", help="save the first GOP as a .npy clip")
    args = ap.parse_args()
    pipe = Pipeline(args.video, crop=args.crop)
    n = pipe.run(args.max_frames)
    print(f"decoded {n} frames")
    if args.dump and pipe.writer.gops:
        np.save(args.dump, pipe.writer.gops[0].cpu().numpy())
    if args.poster or args.sheet:
        frames = [g[0].cpu().numpy() for g in pipe.writer.gops]
        if args.poster and frames:
            if not _framedec.export_poster(np.ascontiguousarray(frames[0]), args.poster, 1280):
                raise SystemExit(f"could not write {args.poster}")
        if args.sheet:
            sheet = _framedec.make_contact_sheet([np.ascontiguousarray(f) for f in frames], 6, 240)
            av.VideoFrame.from_ndarray(sheet, format="bgr24").to_image().save(args.sheet)


if __name__ == "__main__":
    main()
