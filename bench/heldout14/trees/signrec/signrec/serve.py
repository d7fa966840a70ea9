from __future__ import annotations

import numpy as np
import torch

import signrec  # noqa: F401
from .model import SignTransformer


class RecognizerServicer:
    """gRPC servicer (registered by the generated add_RecognizerServicer_to_server)."""

    def __init__(self, ckpt: str, skeleton: str, max_frames: int = 300):
        self.model = SignTransformer().cuda().eval()
        self.model.load_state_dict(torch.load(ckpt, map_location="cuda"))
        self.skeleton = torch.ops.signrec.load_skeleton(skeleton)
        self.stage = torch.empty((max_frames, 67, 3), pin_memory=True)

    @torch.no_grad()
    def Recognize(self, request, context):
        kp = np.frombuffer(request.keypoints, dtype=np.float32).reshape(-1, 67, 3)
        n = min(kp.shape[0], self.stage.shape[0])
        self.stage[:n] = torch.from_numpy(kp[:n])
        feats = torch.ops.signrec.normalize_poses(self.stage[:n]).view(1, n, -1)
        ids = self.model(feats.cuda(non_blocking=True), torch.tensor([n])).argmax(-1)[0].tolist()
        return type(request)(glosses=[i for i in ids if i])
