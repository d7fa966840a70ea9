from setuptools import setup
from torch.utils.cpp_extension import BuildExtension, CUDAExtension

setup(
    name="popkin",
    packages=["popkin", "popkin.data", "popkin.ops"],
    ext_modules=[
        CUDAExtension(
            "popkin._C",
            ["csrc/dosing_ops.cpp", "csrc/ode_solver.cu"],
            extra_compile_args={"cxx": ["-O3"], "nvcc": ["-O3", "--use_fast_math"]},
        )
    ],
    cmdclass={"build_ext": BuildExtension},
)
