from pybind11.setup_helpers import Pybind11Extension, build_ext
from setuptools import setup

setup(
    ext_modules=[
        Pybind11Extension("ptycho._poscorr", ["csrc/poscorr.cpp"], libraries=["cudart"],
                          include_dirs=["/usr/local/cuda/include"], library_dirs=["/usr/local/cuda/lib64"])
    ],
    cmdclass={"build_ext": build_ext},
)
