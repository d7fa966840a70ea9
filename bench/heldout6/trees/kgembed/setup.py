from setuptools import setup
from torch.utils.cpp_extension import BuildExtension, CppExtension

setup(
    name="kge",
    packages=["kge", "kge.models"],
    ext_modules=[CppExtension("kge._C", ["csrc/kge_ops.cpp", "csrc/partition_io.cpp"], libraries=["cudart"])],
    cmdclass={"build_ext": BuildExtension},
)
