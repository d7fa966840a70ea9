MODELS = {}


def register(name):
    def deco(cls):
        MODELS[name] = cls
        cls.name = name
        return cls

    return deco
