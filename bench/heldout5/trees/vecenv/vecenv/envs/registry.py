_REGISTRY = {}


def register(name):
    def deco(cls):
        _REGISTRY[name] = cls
        return cls
    return deco


def make(name, num_envs, **kw):
    from . import cartpole, gridworld  # noqa: F401
    if name not in _REGISTRY:
        raise KeyError(name)
    return _REGISTRY[name](num_envs, **kw)


def names():
    return sorted(_REGISTRY)
