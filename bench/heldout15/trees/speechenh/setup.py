from setuptools import setup
from torch.utils.cpp_extension import BuildExtension, CUDAExtension

setup(
    name="speechenh",
    packages=["speechenh"],
    ext_modules=[
        CUDAExtension(
            "speechenh._C",
            ["csrc/stft_ops.cpp", "csrc/stft_kernels.cu"],
            extra_compile_args={"cxx": ["-O3"], "nvcc": ["-O3", "--use_fast_math"]},
        )
    ],
    cmdclass={"build_ext": BuildExtension},
)
