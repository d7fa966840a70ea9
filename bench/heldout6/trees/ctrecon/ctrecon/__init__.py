from .geometry import Geometry
from .recon import ReconPipeline
