from celery import Celery

from .config import load

settings = load()
app = Celery("iotanom", broker=settings.celery_broker, backend=settings.celery_broker)
app.conf.task_acks_late = True
app.conf.worker_prefetch_multiplier = 4
