import glob
import os

import torch

_here = os.path.dirname(__file__)
for _so in glob.glob(os.path.join(_here, "_C*.so")):
    torch.ops.load_library(_so)
