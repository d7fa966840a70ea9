from setuptools import setup
from torch.utils.cpp_extension import BuildExtension, CUDAExtension

setup(
    name="rollout",
    version="0.1.0",
    packages=["rollout"],
    ext_modules=[CUDAExtension("rollout._pack", ["csrc/pack.cpp"])],
    cmdclass={"build_ext": BuildExtension},
)
