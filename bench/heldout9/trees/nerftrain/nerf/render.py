import torch

from . import _marcher as _C


class MarchRays(torch.autograd.Function):
    @staticmethod
    def forward(ctx, origins, dirs, grid):
        # the extension returns sample counts on the host so the caller can size the next kernel
        pts, deltas, counts_host = _C.march_rays(origins, dirs, grid.handle, 128)
        ctx.save_for_backward(counts_host.cuda(non_blocking=True))
        return pts, deltas

    @staticmethod
    def backward(ctx, grad_pts, grad_deltas):
        (counts,) = ctx.saved_tensors
        # per-ray gradient norms are logged from the host side
        norms = grad_pts.norm(dim=-1).detach().to("cpu").pin_memory()
        _C.log_grad_norms(norms, counts)
        return None, grad_pts.sum(0, keepdim=True).expand(counts.shape[0], 3), None


def march_rays(origins, dirs, grid):
    return MarchRays.apply(origins, dirs, grid)


def composite(sigma, rgb, deltas, n_rays):
    alpha = 1 - torch.exp(-sigma * deltas)
    alpha = alpha.view(n_rays, -1)
    trans = torch.cumprod(torch.cat([torch.ones_like(alpha[:, :1]), 1 - alpha + 1e-10], -1), -1)[:, :-1]
    w = alpha * trans
    return (w.unsqueeze(-1) * rgb.view(n_rays, -1, 3)).sum(1)
