//! Native return addresses to `file:line`: the process's mappings give the module and
//! the offset in its file, the module's ELF program headers turn that into the address
//! its debug information and symbol table use, and `addr2line` reads those.

use std::collections::HashMap;
use std::io::Read;

use super::raw::Mapping;

/// A resolved native frame.
#[derive(Debug, Clone, PartialEq)]
pub struct Native {
    pub module: Option<String>,
    /// The return address as a virtual address of the module's file.
    pub offset: Option<u64>,
    pub path: Option<String>,
    pub line: Option<u32>,
    pub function: Option<String>,
}

struct Module {
    /// `(file offset, file size, virtual address)` of each PT_LOAD segment.
    loads: Vec<(u64, u64, u64)>,
    loader: Option<addr2line::Loader>,
}

#[derive(Default)]
pub struct Symbolizer {
    modules: HashMap<String, Option<Module>>,
}

impl Symbolizer {
    pub fn resolve(&mut self, maps: &[Mapping], addr: u64) -> Native {
        let Some(m) = maps.iter().find(|m| m.start <= addr && addr < m.end) else {
            return Native {
                module: None,
                offset: Some(addr),
                path: None,
                line: None,
                function: None,
            };
        };
        let file_offset = addr - m.start + m.offset;
        let module = self
            .modules
            .entry(m.path.clone())
            .or_insert_with(|| load(&m.path));
        let mut native = Native {
            module: Some(m.path.clone()),
            offset: Some(file_offset),
            path: None,
            line: None,
            function: None,
        };
        let Some(module) = module else {
            return native;
        };
        let Some(vaddr) = module
            .loads
            .iter()
            .find(|(off, size, _)| *off <= file_offset && file_offset < off + size)
            .map(|(off, _, vaddr)| file_offset - off + vaddr)
        else {
            return native;
        };
        native.offset = Some(vaddr);
        let Some(loader) = &module.loader else {
            return native;
        };
        // A return address follows its call: look up the byte before it.
        let probe = vaddr.saturating_sub(1);
        if let Ok(mut frames) = loader.find_frames(probe)
            && let Ok(Some(frame)) = frames.next()
        {
            if let Some(loc) = &frame.location {
                native.path = loc.file.map(str::to_string);
                native.line = loc.line;
            }
            if let Some(f) = &frame.function
                && let Ok(name) = f.demangle()
            {
                native.function = Some(name.into_owned());
            }
        }
        if native.function.is_none()
            && let Some(sym) = loader.find_symbol_info(probe)
        {
            let name = addr2line::demangle_auto(sym.name().into(), None);
            native.function = Some(format!("{name}+{:#x}", vaddr - sym.address()));
        }
        native
    }
}

fn load(path: &str) -> Option<Module> {
    if !path.starts_with('/') || path.ends_with(" (deleted)") {
        return None;
    }
    let loads = program_headers(path)?;
    let loader = addr2line::Loader::new(path).ok();
    Some(Module { loads, loader })
}

/// The PT_LOAD segments of a 64-bit little-endian ELF file (x86-64, aarch64).
fn program_headers(path: &str) -> Option<Vec<(u64, u64, u64)>> {
    let mut file = std::fs::File::open(path).ok()?;
    let mut head = [0u8; 64];
    file.read_exact(&mut head).ok()?;
    if &head[..4] != b"\x7fELF" || head[4] != 2 || head[5] != 1 {
        return None;
    }
    let u16_at = |b: &[u8], o: usize| -> Option<u64> {
        Some(u64::from(u16::from_le_bytes(
            b.get(o..o + 2)?.try_into().ok()?,
        )))
    };
    let u64_at = |b: &[u8], o: usize| -> Option<u64> {
        Some(u64::from_le_bytes(b.get(o..o + 8)?.try_into().ok()?))
    };
    let phoff = u64_at(&head, 32)?;
    let phentsize = u16_at(&head, 54)?;
    let phnum = u16_at(&head, 56)?;
    if phentsize < 56 || phnum > 512 {
        return None;
    }
    let mut table = vec![0u8; usize::try_from(phentsize * phnum).ok()?];
    use std::io::Seek;
    file.seek(std::io::SeekFrom::Start(phoff)).ok()?;
    file.read_exact(&mut table).ok()?;
    let mut loads = Vec::new();
    for i in 0..usize::try_from(phnum).ok()? {
        let e = &table[i * usize::try_from(phentsize).ok()?..];
        let kind = u32::from_le_bytes(e.get(..4)?.try_into().ok()?);
        if kind == 1 {
            loads.push((u64_at(e, 8)?, u64_at(e, 32)?, u64_at(e, 16)?));
        }
    }
    Some(loads)
}
