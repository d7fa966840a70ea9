from setuptools import setup
from torch.utils.cpp_extension import BuildExtension, CUDAExtension

setup(
    name="splatrender",
    version="0.3.0",
    packages=["splat"],
    ext_modules=[
        CUDAExtension(
            "splat._C",
            ["csrc/ops.cpp", "csrc/rasterize.cu", "csrc/export.cu"],
            extra_compile_args={"nvcc": ["-O3", "--use_fast_math"]},
        )
    ],
    cmdclass={"build_ext": BuildExtension},
)
