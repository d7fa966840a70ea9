import argparse

import torch
import yaml

from difftune.callbacks import CALLBACKS, EmaCallback
from difftune.config import FinetuneConfig
from difftune.data import make_dataloader
from difftune.ema import EMA
from difftune.forward_hooks import ActivationStats
from difftune.grad_hooks import GradNormLogger, register_grad_offload
from difftune.mmap_weights import MappedWeights
from difftune.models import build_models
from difftune.optim_offload import OptimizerStateOffloader
from difftune.sampling import sample_grid
from difftune.trainer import Trainer


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--config", default="finetune.yaml")
    ap.add_argument("--text-weights", default=None)
    args = ap.parse_args()
    with open(args.config) as fh:
        cfg = FinetuneConfig(**yaml.safe_load(fh))

    weights = MappedWeights(args.text_weights) if args.text_weights else None
    unet, vae, text_encoder, scheduler, pipe = build_models(cfg.pretrained, weights)
    loader = make_dataloader(cfg)
    ema = EMA(unet, cfg.ema_decay)
    ActivationStats().attach(unet.mid_block)
    GradNormLogger(unet)
    if cfg.grad_offload:
        register_grad_offload(unet)
    callbacks = [CALLBACKS["loss"](), EmaCallback(ema)]
    trainer = Trainer(unet, vae, text_encoder, scheduler, loader, cfg, callbacks,
                      optim_offloader=OptimizerStateOffloader if cfg.offload_optimizer else None)
    trainer.fit()
    unet.load_state_dict({k: v.cuda() for k, v in ema.state_dict().items()}, strict=False)
    sample_grid(pipe, cfg.sample_prompts, "samples")
    torch.save(ema.state_dict(), "ema.pt")
    if weights is not None:
        weights.close()


if __name__ == "__main__":
    main()
