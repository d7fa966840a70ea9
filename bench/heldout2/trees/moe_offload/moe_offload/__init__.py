from .build import build_moe_layer
from .expert_cache import ExpertCache
from .host_store import HostExpertStore
from .layer import MoELayer
from .prefetch import attach_weight_streaming

__all__ = ["build_moe_layer", "ExpertCache", "HostExpertStore", "MoELayer", "attach_weight_streaming"]
