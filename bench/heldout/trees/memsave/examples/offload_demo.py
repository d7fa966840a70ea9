"""Demo: how much device memory OffloadedLinear saves on a single large layer.

    python examples/offload_demo.py
"""

import torch

from memsave.functional import OffloadedLinear


def peak_mib(fn) -> float:
    torch.cuda.reset_peak_memory_stats()
    fn()
    torch.cuda.synchronize()
    return torch.cuda.max_memory_allocated() / 2**20


def main() -> None:
    lin = torch.nn.Linear(8192, 8192).cuda()
    for tokens in (1024, 4096, 16384):
        x = torch.randn(tokens, 8192, device="cuda", requires_grad=True)
        ref = peak_mib(lambda: lin(x).sum().backward())
        off = peak_mib(lambda: OffloadedLinear.apply(x, lin.weight, lin.bias).sum().backward())
        host = x.detach().cpu().pin_memory()
        print(f"{tokens:6d} tokens: plain {ref:8.1f} MiB, offloaded {off:8.1f} MiB, host copy {host.numel() * 4 >> 20} MiB")


if __name__ == "__main__":
    main()
