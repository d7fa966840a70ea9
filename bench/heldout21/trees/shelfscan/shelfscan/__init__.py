from ._shelfscan import Detector, Facing, FrameQueue, Rectifier, export_mosaic, load_planogram_image
