import torch


@torch.no_grad()
def render_test_views(model, grid, poses, hw, chunk=8192):
    from .render import composite

    model.eval()
    h, w = hw
    out = []
    for pose in poses:
        pose = torch.as_tensor(pose)
        ys, xs = torch.meshgrid(torch.arange(h), torch.arange(w), indexing="ij")
        dirs = torch.stack([(xs - w / 2) / w, -(ys - h / 2) / h, -torch.ones_like(xs, dtype=torch.float32)], -1)
        dirs = (dirs.view(-1, 3) @ pose[:3, :3].T).float()
        rays = torch.empty((h * w, 9), dtype=torch.float32, pin_memory=True)
        rays[:, 0:3] = pose[:3, 3]
        rays[:, 3:6] = dirs
        rays = rays.cuda(non_blocking=True)
        img = []
        for i in range(0, rays.shape[0], chunk):
            sigma, rgb, deltas = model(rays[i:i + chunk], grid)
            img.append(composite(sigma, rgb, deltas, rays[i:i + chunk].shape[0]))
        out.append((torch.cat(img).view(h, w, 3).clamp(0, 1) * 255).byte().cpu())
    model.train()
    return out
