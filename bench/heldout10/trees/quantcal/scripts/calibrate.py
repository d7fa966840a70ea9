"""Post-training quantisation: calibrate, quantise layer by layer, convert and export."""
from __future__ import annotations

import logging

import torch
from transformers import AutoModelForCausalLM

import quantcal.quant.gptq  # noqa: F401  (registers "gptq")
import quantcal.quant.rtn  # noqa: F401  (registers "rtn")
from quantcal.config import parse_config
from quantcal.data import build_calib_loader, load_calib_cache
from quantcal.export import export_packed
from quantcal.qlinear import convert_model
from quantcal.registry import QUANTIZERS
from quantcal.sequential import quantize_sequential

torch.ops.load_library("build/libquantcal_ops.so")
log = logging.getLogger("calibrate")


def main() -> None:
    cfg = parse_config()
    logging.basicConfig(level=logging.INFO)
    model = AutoModelForCausalLM.from_pretrained(cfg.model, torch_dtype=torch.float16)
    model.eval()
    if cfg.calib_cache:
        tokens = load_calib_cache(cfg.calib_cache)
        log.info("calibration cache: %d tokens", tokens.numel())
    loader = build_calib_loader(cfg)
    quantizer_cls = QUANTIZERS[cfg.method]
    results = quantize_sequential(model, loader, cfg, quantizer_cls)
    convert_model(model, results, cfg.group_size)
    export_packed(model, cfg.out)
    log.info("wrote %s", cfg.out)


if __name__ == "__main__":
    main()
