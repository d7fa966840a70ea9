from ._posetrack import CameraRig, Triangulator

__all__ = ["CameraRig", "Triangulator"]
