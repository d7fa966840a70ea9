def pin_memory(batch):
    return batch.pin_memory()


def _pin_memory_loop(in_queue, out_queue):
    while True:
        batch = in_queue.get()
        if batch is None:
            out_queue.put(None)
            return
        out_queue.put(pin_memory(batch))
