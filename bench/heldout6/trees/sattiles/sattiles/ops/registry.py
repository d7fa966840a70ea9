from .cloudmask import CloudMasker
from .ndvi import NdviOp

OPS = {
    "cloud": CloudMasker,
    "ndvi": NdviOp,
}


def get_op(name, cfg):
    return OPS[name](cfg)
