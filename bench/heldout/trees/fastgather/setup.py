from setuptools import setup
from torch.utils.cpp_extension import BuildExtension, CUDAExtension

setup(
    name="fastgather",
    version="0.2.0",
    packages=["fastgather"],
    ext_modules=[
        CUDAExtension(
            "fastgather._C",
            ["csrc/gather.cpp", "csrc/bindings.cpp"],
            extra_compile_args={"cxx": ["-O3"]},
        )
    ],
    cmdclass={"build_ext": BuildExtension},
)
