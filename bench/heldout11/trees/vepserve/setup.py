from setuptools import setup
from torch.utils.cpp_extension import BuildExtension, CppExtension

setup(
    name="vepserve",
    packages=["vep"],
    ext_modules=[CppExtension("vep._ops", ["csrc/one_hot.cpp"], libraries=["cudart"])],
    cmdclass={"build_ext": BuildExtension},
    install_requires=["torch>=2.2", "fastapi", "uvicorn", "pysam", "numba", "pyBigWig"],
)
