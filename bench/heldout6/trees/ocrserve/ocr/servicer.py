import numpy as np
import torch

from . import ocr_pb2, ocr_pb2_grpc
from .config import OcrConfig
from .pipeline import build_pipeline
from .pipeline.detect import TextDetector
from .pipeline.recognize import CrnnRecognizer


def _decode(request):
    return np.frombuffer(request.image, np.uint8).reshape(request.height, request.width, 3)


class OcrServicer(ocr_pb2_grpc.OcrServicer):
    def __init__(self, cfg=None):
        self.cfg = cfg or OcrConfig()
        self.pipeline = build_pipeline(self.cfg.stages, self.cfg)
        self._warm = torch.zeros((3, self.cfg.det_size, self.cfg.det_size), pin_memory=True)
        self.detector = next(s for s in self.pipeline.stages if isinstance(s, TextDetector))
        self.recognizer = next(s for s in self.pipeline.stages if isinstance(s, CrnnRecognizer))
        self.detector.model(self._warm.to(self.cfg.device)[None])

    def Recognize(self, request, context):
        img = _decode(request)
        thumb = torch.from_numpy(img[::8, ::8].copy()).pin_memory()
        ctx = self.pipeline.process({"image": img, "thumb": thumb})
        return ocr_pb2.OcrReply(texts=ctx["texts"])

    def RecognizeCustom(self, request, context):
        # clients may ask for their own stage list; the heavy models are shared
        shared = {"detect": {"model": self.detector.model}, "recognize": {"model": self.recognizer.model}}
        pipe = build_pipeline(list(request.stages), self.cfg, **shared)
        ctx = pipe.process({"image": _decode(request)})
        return ocr_pb2.OcrReply(texts=ctx["texts"])
