import os

import torch

_here = os.path.dirname(__file__)
torch.ops.load_library(os.path.join(_here, "_C.so"))
