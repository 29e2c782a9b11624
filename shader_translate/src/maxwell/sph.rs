//! The 80-byte Maxwell shader program header (SPH, NVIDIA's version 3 layout) that starts
//! every graphics program: which stage it is, what it reads and writes in the attribute
//! space, how fragment inputs are interpolated, which render targets a fragment shader
//! writes, and how much local memory it needs. Layout: `../shared/maxwell/DKSH.md` 1.4.

/// Size of the header in bytes.
pub const SPH_SIZE_B: usize = 0x50;

/// Why 80 bytes are not a header Hookshot can use.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SphError {
    #[error("the SPH is {len_b} bytes; it has {SPH_SIZE_B}")]
    Size { len_b: usize },
    #[error("SPH type {0} is neither 1 (vertex/tess/geometry) nor 2 (pixel)")]
    Type(u32),
    #[error("SPH version {0}: only version 3 is known")]
    Version(u32),
    #[error("SPH shader type {0} is not 1-5 (vertex, tess control, tess eval, geometry, pixel)")]
    ShaderType(u32),
    #[error("SPH type {sph_type} does not go with shader type {shader_type}")]
    Mismatch { sph_type: u32, shader_type: u32 },
    #[error("the SPH is for a {found:?} shader, the module says {expected:?}")]
    WrongStage { found: SphStage, expected: SphStage },
}

/// The stage an SPH says it is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SphStage {
    Vertex,
    TessControl,
    TessEval,
    Geometry,
    Fragment,
}

/// How a fragment shader's generic input component is interpolated.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Interpolation {
    /// Flat (the provoking vertex's value).
    Constant,
    Perspective,
    /// Screen-linear (`noperspective`).
    ScreenLinear,
}

/// Geometry output topology.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum OutputTopology {
    Points,
    LineStrip,
    TriangleStrip,
    /// A value the hardware documents no meaning for (kept, not guessed).
    Other(u8),
}

/// Bit sets over the attribute space that the SPH keeps outside the generic vectors.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct SystemValues {
    /// Bits 4-9 tess LOD, 24 PrimitiveId, 25 Layer, 26 ViewportIndex, 27 PointSize,
    /// 28-31 Position x/y/z/w.
    pub ab: u32,
    /// Bits 0-7 ClipDistance, 8/9 PointCoord, 10 Fog, 12/13 TessCoord, 14 InstanceId,
    /// 15 VertexId.
    pub c: u16,
}

impl SystemValues {
    pub const PRIMITIVE_ID: u32 = 1 << 24;
    pub const LAYER: u32 = 1 << 25;
    pub const VIEWPORT_INDEX: u32 = 1 << 26;
    pub const POINT_SIZE: u32 = 1 << 27;
    pub const POSITION_XYZW: u32 = 0xf << 28;
    pub const CLIP_DISTANCES: u16 = 0xff;
    pub const TESS_COORD_UV: u16 = 0x3 << 12;
    pub const INSTANCE_ID: u16 = 1 << 14;
    pub const VERTEX_ID: u16 = 1 << 15;
}

/// Inputs and outputs of a vertex, tessellation or geometry program.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VtgIo {
    /// Bit 4L+c: generic attribute L, component c is read (32 attributes, 128 bits).
    pub inputs: u128,
    pub input_sysvals: SystemValues,
    /// Bit 4L+c: generic varying L, component c is written.
    pub outputs: u128,
    pub output_sysvals: SystemValues,
    /// gl_ViewportMask is written.
    pub writes_viewport_mask: bool,
}

/// Inputs and outputs of a fragment program.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FragmentIo {
    /// `interpolation[L][c]` for generic input L, component c; `None` when unread.
    pub interpolation: [[Option<Interpolation>; 4]; 32],
    pub input_sysvals: SystemValues,
    /// 4 bits (RGBA) per render target, target k in bits 4k..4k+3.
    pub target_mask: u32,
    pub writes_sample_mask: bool,
    pub writes_depth: bool,
}

impl FragmentIo {
    /// The render targets written (any component), lowest first.
    pub fn targets(&self) -> impl Iterator<Item = u32> + '_ {
        (0..8).filter(|target| (self.target_mask >> (4 * target)) & 0xf != 0)
    }
}

/// The stage-dependent half of the header.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StageIo {
    Vtg(VtgIo),
    Fragment(FragmentIo),
}

/// A decoded shader program header.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sph {
    pub stage: SphStage,
    /// Fragment: colour outputs go to all targets in order (`mrt_enable`).
    pub multiple_render_targets: bool,
    /// Fragment: the program may `discard`.
    pub kills_pixels: bool,
    pub does_global_store: bool,
    pub does_load_or_store: bool,
    pub does_fp64: bool,
    pub stream_out_mask: u8,
    /// Per-thread local memory below and above the stack pointer, and the
    /// call/return stack, in bytes.
    pub local_mem_lo_b: u32,
    pub local_mem_hi_b: u32,
    pub local_mem_crs_b: u32,
    /// Tess control: per-patch attribute count.
    pub per_patch_attrib_count: u8,
    /// Tess control: output vertices; geometry: invocations.
    pub threads_per_input_primitive: u8,
    /// Geometry only.
    pub output_topology: Option<OutputTopology>,
    /// Geometry: most vertices emitted.
    pub max_output_vertices: u16,
    /// Attribute slots of outputs the program reads back (`None` when empty).
    pub store_req: Option<(u8, u8)>,
    pub io: StageIo,
    /// The 80 bytes as read.
    pub raw: [u8; SPH_SIZE_B],
}

fn bits(word: u32, lo: u32, width: u32) -> u32 {
    (word >> lo) & ((1u32 << width) - 1)
}

fn le16(raw: &[u8], at: usize) -> u16 {
    u16::from_le_bytes([raw[at], raw[at + 1]])
}

fn le32(raw: &[u8], at: usize) -> u32 {
    u32::from_le_bytes([raw[at], raw[at + 1], raw[at + 2], raw[at + 3]])
}

fn le128(raw: &[u8], at: usize) -> u128 {
    let mut bytes = [0u8; 16];
    bytes.copy_from_slice(&raw[at..at + 16]);
    u128::from_le_bytes(bytes)
}

impl Sph {
    /// Decodes 80 bytes; anything but a version-3 header whose two type fields agree is
    /// an [`SphError`].
    pub fn parse(raw: &[u8]) -> Result<Self, SphError> {
        let raw: [u8; SPH_SIZE_B] = raw
            .try_into()
            .map_err(|_| SphError::Size { len_b: raw.len() })?;
        let w0 = le32(&raw, 0);
        let sph_type = bits(w0, 0, 5);
        let version = bits(w0, 5, 5);
        let shader_type = bits(w0, 10, 4);
        if sph_type != 1 && sph_type != 2 {
            return Err(SphError::Type(sph_type));
        }
        if version != 3 {
            return Err(SphError::Version(version));
        }
        let stage = match shader_type {
            1 => SphStage::Vertex,
            2 => SphStage::TessControl,
            3 => SphStage::TessEval,
            4 => SphStage::Geometry,
            5 => SphStage::Fragment,
            other => return Err(SphError::ShaderType(other)),
        };
        if (sph_type == 2) != (stage == SphStage::Fragment) {
            return Err(SphError::Mismatch {
                sph_type,
                shader_type,
            });
        }
        let w1 = le32(&raw, 4);
        let w2 = le32(&raw, 8);
        let w3 = le32(&raw, 12);
        let w4 = le32(&raw, 16);
        let input_ab = le32(&raw, 0x14);
        let io = if stage == SphStage::Fragment {
            let mut interpolation = [[None; 4]; 32];
            for (location, slots) in interpolation.iter_mut().enumerate() {
                let byte = raw[0x18 + location];
                for (component, slot) in slots.iter_mut().enumerate() {
                    *slot = match (byte >> (2 * component)) & 3 {
                        0 => None,
                        1 => Some(Interpolation::Constant),
                        2 => Some(Interpolation::Perspective),
                        _ => Some(Interpolation::ScreenLinear),
                    };
                }
            }
            let misc = le32(&raw, 0x4c);
            StageIo::Fragment(FragmentIo {
                interpolation,
                input_sysvals: SystemValues {
                    ab: input_ab,
                    c: le16(&raw, 0x3a),
                },
                target_mask: le32(&raw, 0x48),
                writes_sample_mask: misc & 1 != 0,
                writes_depth: misc & 2 != 0,
            })
        } else {
            // The VTG half is packed: the output system values sit unaligned at 0x32.
            StageIo::Vtg(VtgIo {
                inputs: le128(&raw, 0x18),
                input_sysvals: SystemValues {
                    ab: input_ab,
                    c: le16(&raw, 0x2a),
                },
                outputs: le128(&raw, 0x36),
                output_sysvals: SystemValues {
                    ab: le32(&raw, 0x32),
                    c: le16(&raw, 0x48),
                },
                writes_viewport_mask: raw[0x4f] & 1 != 0,
            })
        };
        let store_start = bits(w4, 12, 8) as u8;
        let store_end = bits(w4, 24, 8) as u8;
        Ok(Sph {
            stage,
            multiple_render_targets: bits(w0, 14, 1) != 0,
            kills_pixels: bits(w0, 15, 1) != 0,
            does_global_store: bits(w0, 16, 1) != 0,
            does_load_or_store: bits(w0, 26, 1) != 0,
            does_fp64: bits(w0, 27, 1) != 0,
            stream_out_mask: bits(w0, 28, 4) as u8,
            local_mem_lo_b: bits(w1, 0, 24),
            per_patch_attrib_count: bits(w1, 24, 8) as u8,
            local_mem_hi_b: bits(w2, 0, 24),
            threads_per_input_primitive: bits(w2, 24, 8) as u8,
            local_mem_crs_b: bits(w3, 0, 24),
            output_topology: (stage == SphStage::Geometry).then(|| match bits(w3, 24, 4) {
                1 => OutputTopology::Points,
                6 => OutputTopology::LineStrip,
                7 => OutputTopology::TriangleStrip,
                other => OutputTopology::Other(other as u8),
            }),
            max_output_vertices: bits(w4, 0, 12) as u16,
            store_req: (store_start <= store_end).then_some((store_start, store_end)),
            io,
            raw,
        })
    }

    /// Checks the header against the stage the container says.
    pub fn expect_stage(&self, expected: SphStage) -> Result<(), SphError> {
        if self.stage != expected {
            return Err(SphError::WrongStage {
                found: self.stage,
                expected,
            });
        }
        Ok(())
    }
}
