import numpy as np
import pytest
import torch

from vidanalytics.config import PipelineConfig
from vidanalytics.stages.track import TrackStage, iou_matrix


def test_iou_identity():
    a = np.array([[0, 0, 10, 10]], dtype=np.float32)
    assert iou_matrix(a, a)[0, 0] == pytest.approx(1.0)


@pytest.mark.skipif(not torch.cuda.is_available(), reason="needs CUDA")
def test_boxes_pinned_roundtrip():
    stage = TrackStage(PipelineConfig())
    ref = torch.randn(8, 4).pin_memory()
    boxes = stage._boxes(8)
    boxes.copy_(ref)
    assert torch.equal(boxes, ref)
