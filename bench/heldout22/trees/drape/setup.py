from skbuild import setup

setup(
    name="drape",
    version="0.9.2",
    packages=["drape_py"],
    cmake_install_dir="drape_py",
    python_requires=">=3.10",
    install_requires=["numpy", "cupy-cuda12x"],
)
