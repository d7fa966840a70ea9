from setuptools import find_packages, setup
from torch.utils.cpp_extension import BuildExtension, CUDAExtension

setup(
    name="kvswap",
    version="0.4.1",
    packages=find_packages(exclude=("tests", "benchmarks")),
    ext_modules=[
        CUDAExtension(
            name="kvswap._C",
            sources=["csrc/swap_ops.cpp"],
            extra_compile_args={"cxx": ["-O3", "-std=c++17"]},
        )
    ],
    cmdclass={"build_ext": BuildExtension},
    python_requires=">=3.9",
)
