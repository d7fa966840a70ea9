"""String -> stage class registry used by the pipeline builder."""
import logging

log = logging.getLogger(__name__)

STAGES = {}


def register_stage(name):
    def deco(cls):
        if name in STAGES:
            log.warning("stage %s registered twice (%s, %s)", name, STAGES[name], cls)
        STAGES[name] = cls
        cls.stage_name = name
        return cls
    return deco


def build_stage(name, cfg, **kwargs):
    try:
        cls = STAGES[name]
    except KeyError:
        raise KeyError(f"unknown stage {name!r}; known: {sorted(STAGES)}") from None
    return cls(cfg, **kwargs)
