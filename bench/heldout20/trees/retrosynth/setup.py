from setuptools import setup
from torch.utils.cpp_extension import BuildExtension, CUDAExtension

setup(
    name="retrosynth",
    packages=["retrosynth"],
    ext_modules=[
        CUDAExtension(
            name="retrosynth._C",
            sources=["csrc/ops.cpp", "csrc/templates.cpp", "csrc/fingerprint.cu"],
            extra_compile_args={"cxx": ["-O3"], "nvcc": ["-O3", "--use_fast_math"]},
        )
    ],
    cmdclass={"build_ext": BuildExtension},
)
