from pybind11.setup_helpers import Pybind11Extension
from setuptools import setup

setup(
    name="sonarmosaic",
    version="0.5.0",
    packages=["sonarmosaic"],
    ext_modules=[Pybind11Extension("sonarmosaic._core", ["cpp/module.cpp", "cpp/waterfall.cpp", "cpp/mosaic.cpp"],
                                   libraries=["opencv_core", "opencv_cudaarithm", "opencv_cudawarping"])],
)
