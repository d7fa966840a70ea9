"""fno: Fourier neural operator surrogates for 2-D Darcy and Navier-Stokes."""
