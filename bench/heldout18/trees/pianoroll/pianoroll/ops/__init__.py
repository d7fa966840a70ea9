import os

import torch

torch.ops.load_library(os.path.join(os.path.dirname(__file__), "_pianoroll_ops.so"))


def decode_onsets(probs, thresh):
    return torch.ops.pianoroll.decode_onsets(probs, float(thresh))


def load_pedal_vocab(path):
    return torch.ops.pianoroll.load_pedal_vocab(path)
