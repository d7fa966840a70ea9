use std::sync::Mutex;

use crate::arena::HostArena;
use crate::ffi::DriverError;

/// Staging arenas shared by all jobs; filled once at start-up.
pub struct ArenaPool {
    free: Mutex<Vec<HostArena>>,
    bytes: usize,
}

impl ArenaPool {
    pub fn with_capacity(n: usize, bytes: usize) -> Result<Self, DriverError> {
        let free = (0..n)
            .map(|_batch| HostArena::new(bytes))
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Self { free: Mutex::new(free), bytes })
    }

    pub fn acquire(&self) -> Option<HostArena> {
        self.free.lock().unwrap().pop()
    }

    pub fn release(&self, arena: HostArena) {
        self.free.lock().unwrap().push(arena);
    }

    pub fn block_bytes(&self) -> usize {
        self.bytes
    }
}
