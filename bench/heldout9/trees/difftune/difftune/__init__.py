"""Latent-diffusion fine-tuning with EMA, activation offload and optimizer-state offload."""
