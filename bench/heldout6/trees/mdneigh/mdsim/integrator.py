import ctypes
import logging

from ._native import lib, libc

log = logging.getLogger(__name__)


class VelocityVerlet:
    def __init__(self, system, forcefield, dt=0.005, rebuild_every=10, dump_every=100, barostat=None):
        self.system = system
        self.ff = forcefield
        self.dt = dt
        self.rebuild_every = rebuild_every
        self.dump_every = dump_every
        self.barostat = barostat

    def run(self, nsteps, traj_path):
        fp = libc.fopen(traj_path.encode(), b"ab")
        thermo = (ctypes.c_double * 4)()
        try:
            for step in range(nsteps):
                if step % self.rebuild_every == 0:
                    over = lib.md_build_neighbors(self.system.ptr)
                    if over > 0:
                        log.warning("neighbour overflow (%d) at step %d", over, step)
                self.ff.evaluate(self.system)
                lib.md_step(self.system.ptr, self.dt)
                if self.barostat is not None:
                    self.barostat.apply(self.system, self.ff)
                lib.md_thermo(self.system.ptr, thermo)
                if step % self.dump_every == 0:
                    lib.md_write_frame(self.system.ptr, fp, step)
                    log.info("step %d T=%.3f", step, thermo[1])
        finally:
            libc.fclose(fp)
