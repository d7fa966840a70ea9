import numpy as np
import pytest
import torch

from trkreco.events import Event
from trkreco.stages import STAGES

gpu = pytest.mark.skipif(not torch.cuda.is_available(), reason="needs a ROCm GPU")


def test_stage_registry():
    assert list(STAGES) == ["seed", "fit", "ambiguity"]


def test_event_n_hits():
    ev = Event(event_id=0, hits=np.zeros((17, 4), np.float32))
    assert ev.n_hits == 17


@gpu
def test_classifier_input_roundtrip():
    host = torch.zeros((128, 4), dtype=torch.float32, pin_memory=True)
    dev = host.to("cuda", non_blocking=True)
    torch.cuda.synchronize()
    assert torch.equal(dev.cpu(), host)
