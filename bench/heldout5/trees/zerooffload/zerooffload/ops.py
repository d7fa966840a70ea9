import os

import torch

_LIB = os.path.join(os.path.dirname(__file__), "_zero_ops.so")
if os.path.exists(_LIB):
    torch.ops.load_library(_LIB)


def adam_step_host(fp32, grads, exp_avg, exp_avg_sq, step, lr, b1, b2, eps, wd):
    return torch.ops.zero_ops.adam_step_host(fp32, grads, exp_avg, exp_avg_sq, step, lr, b1, b2, eps, wd)


def init_pinned_pool(nbytes):
    return torch.ops.zero_ops.init_pinned_pool(nbytes)


def swap_out(t, path, offset):
    return torch.ops.zero_ops.swap_out(t, path, offset)


def aio_read_block(t, path, offset):
    return torch.ops.zero_ops.aio_read_block(t, path, offset)
