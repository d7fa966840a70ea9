"""Loads the compiled custom ops so that torch.ops.flarecast.* resolve."""
from pathlib import Path

import torch

_here = Path(__file__).resolve().parent
_libs = sorted(_here.glob("_C*.so"))
if not _libs:
    raise ImportError("flarecast ops are not built; run `python setup.py build_ext --inplace`")
torch.ops.load_library(str(_libs[0]))
