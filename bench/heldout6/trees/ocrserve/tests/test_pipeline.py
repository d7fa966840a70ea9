import numpy as np
import torch

from ocr.config import OcrConfig
from ocr.pipeline.base import Pipeline, Stage
from ocr.pipeline.postprocess import decode_ctc


class Echo(Stage):
    def run(self, ctx):
        ctx["seen"] = ctx.get("seen", 0) + 1
        return ctx


def test_pipeline_runs_every_stage():
    p = Pipeline([Echo(OcrConfig()), Echo(OcrConfig())])
    assert p.process({})["seen"] == 2


def test_pinned_crop_roundtrip():
    crop = np.random.rand(32, 320).astype(np.float32)
    t = torch.from_numpy(crop).pin_memory()
    assert t.is_pinned()
    assert np.allclose(t.numpy(), crop)


def test_decode_ctc(tmp_path):
    f = tmp_path / "cs.txt"
    f.write_text("a\nb\nc\n")
    assert decode_ctc([1, 1, 0, 2, 3, 3], str(f)) == "abc"
