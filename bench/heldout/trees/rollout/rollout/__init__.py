"""rollout: on-policy RL data collection and PPO updates."""

from .storage import RolloutStorage
from .prefetch import DevicePrefetcher

__all__ = ["RolloutStorage", "DevicePrefetcher"]
