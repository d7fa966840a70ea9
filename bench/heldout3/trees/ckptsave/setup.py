from setuptools import setup
from torch.utils.cpp_extension import BuildExtension, CUDAExtension

setup(
    name="ckptsave",
    version="0.3.0",
    packages=["ckptsave"],
    ext_modules=[CUDAExtension("ckptsave._C", ["ckptsave/csrc/stage_ops.cpp"])],
    cmdclass={"build_ext": BuildExtension},
)
