"""Layer-by-layer calibration: every decoder layer sees the quantised outputs of the previous one."""
from __future__ import annotations

from functools import partial

import torch
from torch import nn

from quantcal.config import CalibConfig
from quantcal.quant.hooks import InputCatcher, StopForward, attach_stats_hooks
from quantcal.quant.offload import LayerOffloader


def _add_batch(quantizer, module: nn.Module, inputs, output) -> None:
    quantizer.add_batch(inputs[0].data)


@torch.no_grad()
def capture_inputs(model, loader, cfg: CalibConfig, device: torch.device):
    layers = model.model.layers
    catcher = InputCatcher(layers[0], cfg.n_samples)
    layers[0] = catcher
    for batch in loader:
        try:
            model(batch["input_ids"].to(device, non_blocking=True))
        except StopForward:
            pass
        if catcher.i >= cfg.n_samples:
            break
    layers[0] = catcher.layer
    return catcher.buf, catcher.kwargs


@torch.no_grad()
def quantize_sequential(model, loader, cfg: CalibConfig, quantizer_cls, device=torch.device("cuda")):
    layers = model.model.layers
    offloader = LayerOffloader(layers) if cfg.offload_layers else None
    model.model.embed_tokens.to(device)
    if offloader is not None:
        offloader.load(0, device)
    inps, kwargs = capture_inputs(model, loader, cfg, device)
    if offloader is not None:
        offloader.unload(0)
    results: dict[str, tuple[torch.Tensor, torch.Tensor]] = {}
    stats: dict[str, list[torch.Tensor]] = {}
    for i in range(len(layers)):
        layer = offloader.load(i, device) if offloader is not None else layers[i].to(device)
        subset = {n: m for n, m in layer.named_modules() if isinstance(m, nn.Linear)}
        quantizers = {n: quantizer_cls(m, cfg) for n, m in subset.items()}
        handles = [m.register_forward_hook(partial(_add_batch, quantizers[n])) for n, m in subset.items()]
        if cfg.collect_stats:
            stat_handles, stats = attach_stats_hooks(layer, f"layers.{i}", stats)
            handles += stat_handles
        for j in range(cfg.n_samples):
            layer(inps[j : j + 1].to(device, non_blocking=True), **kwargs)
        for h in handles:
            h.remove()
        for name, q in quantizers.items():
            q.quantize()
            results[f"model.layers.{i}.{name}"] = q.result()
            q.free()
        outs = torch.empty(inps.shape, dtype=inps.dtype, pin_memory=True)
        for j in range(cfg.n_samples):
            outs[j : j + 1].copy_(layer(inps[j : j + 1].to(device, non_blocking=True), **kwargs)[0], non_blocking=True)
        torch.cuda.synchronize()
        inps = outs
        if offloader is not None:
            offloader.unload(i)
        else:
            layers[i].cpu()
    return results
