//! How the `memory` crate's types travel in a recording. Formats go by name, so the
//! format table can grow without renumbering; the rest by codes fixed here (not by
//! `memory`'s declaration order, which may change).

use crate::mem::pool::{CpuAccess, GpuAccess, PoolBacking, PoolFlags};
use crate::mem::{Format, LayoutDesc, TextureKind, Tiling};

use super::wire::{take_bytes, Malformed, Wire, WireReader};

const KINDS: [TextureKind; 10] = [
    TextureKind::D1,
    TextureKind::D2,
    TextureKind::D3,
    TextureKind::D1Array,
    TextureKind::D2Array,
    TextureKind::D2Multisample,
    TextureKind::Cube,
    TextureKind::CubeArray,
    TextureKind::Rectangle,
    TextureKind::Buffer,
];

impl Wire for TextureKind {
    const MIN_B: usize = 1;
    fn put(&self, out: &mut Vec<u8>) {
        let code = KINDS.iter().position(|kind| kind == self).unwrap_or(0);
        out.push(code as u8);
    }
    fn take(reader: &mut WireReader<'_>) -> Result<Self, Malformed> {
        let code = u8::take(reader)?;
        KINDS
            .get(usize::from(code))
            .copied()
            .ok_or_else(|| reader.fail("texture kind"))
    }
}

impl Wire for Format {
    const MIN_B: usize = 5;
    fn put(&self, out: &mut Vec<u8>) {
        super::wire::put_bytes(self.name().as_bytes(), out);
    }
    fn take(reader: &mut WireReader<'_>) -> Result<Self, Malformed> {
        let name = take_bytes(reader)?;
        std::str::from_utf8(name)
            .ok()
            .and_then(Format::from_name)
            .ok_or_else(|| reader.fail("format name"))
    }
}

impl Wire for Tiling {
    const MIN_B: usize = 5;
    fn put(&self, out: &mut Vec<u8>) {
        match self {
            Tiling::BlockLinear { block_height_gobs } => {
                out.push(0);
                block_height_gobs.unwrap_or(0).put(out);
            }
            Tiling::PitchLinear => {
                out.push(1);
                0u32.put(out);
            }
        }
    }
    fn take(reader: &mut WireReader<'_>) -> Result<Self, Malformed> {
        let tag = u8::take(reader)?;
        let block_height_gobs = u32::take(reader)?;
        match tag {
            0 => Ok(Tiling::BlockLinear {
                block_height_gobs: (block_height_gobs != 0).then_some(block_height_gobs),
            }),
            1 => Ok(Tiling::PitchLinear),
            _ => Err(reader.fail("tiling")),
        }
    }
}

impl Wire for LayoutDesc {
    const MIN_B: usize = 0;
    fn put(&self, out: &mut Vec<u8>) {
        self.format.put(out);
        self.kind.put(out);
        for value in [
            self.width_px,
            self.height_px,
            self.depth_px,
            self.levels,
            self.layers,
            self.samples,
        ] {
            value.put(out);
        }
        self.tiling.put(out);
        self.render_target.put(out);
    }
    fn take(reader: &mut WireReader<'_>) -> Result<Self, Malformed> {
        Ok(LayoutDesc {
            format: Wire::take(reader)?,
            kind: Wire::take(reader)?,
            width_px: Wire::take(reader)?,
            height_px: Wire::take(reader)?,
            depth_px: Wire::take(reader)?,
            levels: Wire::take(reader)?,
            layers: Wire::take(reader)?,
            samples: Wire::take(reader)?,
            tiling: Wire::take(reader)?,
            render_target: Wire::take(reader)?,
        })
    }
}

fn cpu_code(access: CpuAccess) -> u8 {
    match access {
        CpuAccess::NoAccess => 0,
        CpuAccess::Uncached => 1,
        CpuAccess::Cached => 2,
    }
}

fn gpu_code(access: GpuAccess) -> u8 {
    match access {
        GpuAccess::NoAccess => 0,
        GpuAccess::Uncached => 1,
        GpuAccess::Cached => 2,
    }
}

impl Wire for PoolFlags {
    const MIN_B: usize = 5;
    fn put(&self, out: &mut Vec<u8>) {
        out.push(cpu_code(self.cpu));
        out.push(gpu_code(self.gpu));
        self.compressible.put(out);
        (self.backing == PoolBacking::Virtual).put(out);
        self.shader_code.put(out);
    }
    fn take(reader: &mut WireReader<'_>) -> Result<Self, Malformed> {
        let cpu = match u8::take(reader)? {
            0 => CpuAccess::NoAccess,
            1 => CpuAccess::Uncached,
            2 => CpuAccess::Cached,
            _ => return Err(reader.fail("CPU access")),
        };
        let gpu = match u8::take(reader)? {
            0 => GpuAccess::NoAccess,
            1 => GpuAccess::Uncached,
            2 => GpuAccess::Cached,
            _ => return Err(reader.fail("GPU access")),
        };
        let compressible = Wire::take(reader)?;
        let backing = match bool::take(reader)? {
            true => PoolBacking::Virtual,
            false => PoolBacking::Physical,
        };
        Ok(PoolFlags {
            cpu,
            gpu,
            backing,
            compressible,
            shader_code: Wire::take(reader)?,
        })
    }
}

impl Wire for crate::address::MappingRequest {
    const MIN_B: usize = 1 + 8 + 8 + 8 + 4;
    fn put(&self, out: &mut Vec<u8>) {
        self.physical.put(out);
        self.physical_offset_b.put(out);
        self.virtual_offset_b.put(out);
        self.size_b.put(out);
        self.storage_class.0.put(out);
    }
    fn take(reader: &mut WireReader<'_>) -> Result<Self, Malformed> {
        Ok(crate::address::MappingRequest {
            physical: Wire::take(reader)?,
            physical_offset_b: Wire::take(reader)?,
            virtual_offset_b: Wire::take(reader)?,
            size_b: Wire::take(reader)?,
            storage_class: crate::address::StorageClass(Wire::take(reader)?),
        })
    }
}
