"""One-shot: evaluate density on a grid and write a PLY with marching cubes."""
import sys

import mcubes
import torch

from nerf.model import NeRF


def main(ckpt, out, res=256):
    model = NeRF(64, 16).cuda().eval()
    model.load_state_dict(torch.load(ckpt))
    lin = torch.linspace(-1.5, 1.5, res)
    pts = torch.stack(torch.meshgrid(lin, lin, lin, indexing="ij"), -1).view(-1, 3)
    sigma_host = torch.empty(pts.shape[0], dtype=torch.float32, pin_memory=True)
    with torch.no_grad():
        for i in range(0, pts.shape[0], 1 << 20):
            h = model.density(model.enc(pts[i:i + (1 << 20)].cuda()))
            sigma_host[i:i + (1 << 20)].copy_(h[:, 0], non_blocking=True)
    torch.cuda.synchronize()
    verts, faces = mcubes.marching_cubes(sigma_host.view(res, res, res).numpy(), 10.0)
    mcubes.export_obj(verts, faces, out)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
