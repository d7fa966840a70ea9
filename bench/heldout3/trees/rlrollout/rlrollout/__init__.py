"""On-policy (PPO) and off-policy (SAC) rollout collection with pinned host storage."""

from .buffer import RolloutBuffer
from .collector import Collector
from .replay import ReplayBuffer

__all__ = ["RolloutBuffer", "Collector", "ReplayBuffer"]
