import torch

torch.ops.load_library("build/libvsrops.so")


def flow_warp(x, flow):
    return torch.ops.vsrops.flow_warp(x, flow)


def register_lr(frames):
    return torch.ops.vsrops.register_lr(frames)
