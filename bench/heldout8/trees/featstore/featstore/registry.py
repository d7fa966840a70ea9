TRANSFORMS = {}


def transform(name):
    def deco(cls):
        TRANSFORMS[name] = cls
        return cls
    return deco
