from setuptools import setup
from torch.utils.cpp_extension import BuildExtension, CUDAExtension

setup(
    name="crystgen-ops",
    ext_modules=[
        CUDAExtension(
            "crystgen._crystgen_ops",
            ["csrc/neighbors.cpp", "csrc/supercell.cpp"],
            extra_compile_args={"cxx": ["-O3"]},
        )
    ],
    cmdclass={"build_ext": BuildExtension},
)
