import numpy as np
import torch

from nmt.beam import BeamSearch


class _Scorer:
    def score(self, logprobs, lengths):
        return np.asarray(logprobs)


class _Toy(torch.nn.Module):
    def encode(self, src, mask):
        return torch.zeros(src.shape[0], src.shape[1], 4, device=src.device)

    def decode_step(self, ys, memory, mask):
        lp = torch.full((ys.shape[0], 8), -10.0, device=ys.device)
        lp[:, 2] = 0.0
        return lp


def test_stops_at_eos():
    beam = BeamSearch(_Toy(), _Scorer(), beam=2, max_len=5, max_batch=2)
    src = torch.ones(1, 3, dtype=torch.long, device="cuda")
    out = beam.search(src, src == 0)
    assert out[0][-1] == 2
    assert beam.scores_host.is_pinned()
