from setuptools import setup
from torch.utils.cpp_extension import CUDAExtension, BuildExtension

setup(name="signrec", packages=["signrec"],
      ext_modules=[CUDAExtension("signrec._ops", ["csrc/posenorm.cpp", "csrc/skeleton.cpp"])],
      cmdclass={"build_ext": BuildExtension})
