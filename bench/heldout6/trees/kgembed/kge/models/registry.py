from .scoring import DistMult, TransE

MODELS = {"transe": TransE, "distmult": DistMult}


def build_model(name, num_rel, dim, **kw):
    return MODELS[name](num_rel, dim, **kw)
