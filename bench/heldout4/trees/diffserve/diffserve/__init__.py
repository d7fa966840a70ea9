from .config import ServeConfig


def build_server(cfg: ServeConfig):
    from .image_io import ImageEncoder
    from .models import load_models
    from .pipeline import DiffusionPipeline
    from .safety import SafetyChecker
    from .schedulers import make_scheduler
    from .server import GenerationServer
    from .warmup import warmup
    from .worker import GenerationWorker

    unet, vae, text_encoder, safety_params, concepts = load_models(cfg.model_dir)
    pipeline = DiffusionPipeline(unet, text_encoder, make_scheduler(cfg.scheduler), cfg)
    encoder = ImageEncoder(vae)
    safety = SafetyChecker(safety_params, concepts)
    worker = GenerationWorker(pipeline, encoder, safety)
    server = GenerationServer(cfg, worker)
    server.warm_noise = warmup(pipeline, encoder, cfg.warm_shapes)
    worker.start()
    return server
