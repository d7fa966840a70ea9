from .data import Documents, PackedTokens, build_loaders, pad_collate
from .fit import fit
from .module import CausalLM

__all__ = ["Documents", "PackedTokens", "build_loaders", "pad_collate", "fit", "CausalLM"]
