import numpy as np
import pycuda.autoinit  # noqa: F401
import pycuda.driver as cuda
from flask import Flask, jsonify, request

from .native import bin_spectra

app = Flask(__name__)


@app.post("/bin")
def bin_endpoint():
    payload = request.get_json()
    peaks = np.asarray(payload["peaks"], np.float32).reshape(1, -1, 2)
    block = cuda.pagelocked_empty(peaks.shape, np.float32)
    block[...] = peaks
    binned = bin_spectra(block, float(payload.get("width", 1.0005)), 2000)
    top = np.argsort(binned[0])[::-1][:20]
    return jsonify({"bins": top.tolist(), "intensity": binned[0, top].tolist()})


if __name__ == "__main__":
    app.run(port=5077)
