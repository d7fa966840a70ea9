import time

import torch

from difftune.offload import offloaded


def main(layers=24, width=4096, batch=8):
    net = torch.nn.Sequential(*[torch.nn.Linear(width, width) for _ in range(layers)]).cuda()
    x = torch.randn(batch, width, device="cuda", requires_grad=True)
    staging = torch.empty(batch, width, pin_memory=True)
    for mode in ("plain", "offload"):
        torch.cuda.synchronize()
        t0 = time.perf_counter()
        with offloaded() if mode == "offload" else torch.enable_grad():
            y = net(x)
        y.sum().backward()
        torch.cuda.synchronize()
        staging.copy_(x.grad)
        print(mode, f"{(time.perf_counter() - t0) * 1e3:.1f} ms")


if __name__ == "__main__":
    main()
