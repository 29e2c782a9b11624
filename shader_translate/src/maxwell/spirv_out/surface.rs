//! Image accesses in SPIR-V: each image slot the program accesses is a storage image
//! (`uimage2D`, format `r32ui`: the texel is the 32-bit word the raw loads and atomics
//! take) at set 0, binding = slot, and each [`SurfaceOp`] an `OpImageRead`,
//! `OpImageWrite` or an atomic through `OpImageTexelPointer` on it.

use std::collections::BTreeSet;

use rspirv::spirv::{self, Word};

use super::{resource_variable, spirv_error, Emitter};
use crate::maxwell::ir::{Op, SurfaceAccess, SurfaceOp, Unsupported};

impl Emitter<'_> {
    /// Every image slot the program accesses, as an `r32ui` storage image.
    pub(super) fn declare_images(&mut self) {
        let slots: BTreeSet<u32> = self
            .live_ops()
            .filter_map(|op| match op {
                Op::Surface(access) => Some(access.slot),
                _ => None,
            })
            .collect();
        if slots.is_empty() {
            return;
        }
        let image = self.b.type_image(
            self.t.u32,
            spirv::Dim::Dim2D,
            0,
            0,
            0,
            2,
            spirv::ImageFormat::R32ui,
            None,
        );
        let pointer = self
            .b
            .type_pointer(None, spirv::StorageClass::UniformConstant, image);
        for slot in slots {
            let var = resource_variable(
                &mut self.b,
                pointer,
                spirv::StorageClass::UniformConstant,
                slot,
            );
            self.images.insert(slot, (var, image));
        }
    }

    /// One image access: the loaded word or the atomic's old value (0 for a store).
    pub(super) fn surface_op(&mut self, access: &SurfaceOp) -> Result<Word, Unsupported> {
        let (var, image_ty) = self.images[&access.slot];
        let ivec2 = self.b.type_vector(self.t.i32, 2);
        let (x, y) = (self.ids[access.x.0 as usize], self.ids[access.y.0 as usize]);
        let x = self.b.bitcast(self.t.i32, None, x).map_err(spirv_error)?;
        let y = self.b.bitcast(self.t.i32, None, y).map_err(spirv_error)?;
        let coords = self
            .b
            .composite_construct(ivec2, None, [x, y])
            .map_err(spirv_error)?;
        let access = *access;
        self.under(access.cond, |e| match access.access {
            SurfaceAccess::Load => {
                let image =
                    e.b.load(image_ty, None, var, None, [])
                        .map_err(spirv_error)?;
                let texel =
                    e.b.image_read(e.t.uvec4, None, image, coords, None, [])
                        .map_err(spirv_error)?;
                e.b.composite_extract(e.t.u32, None, texel, [0])
                    .map_err(spirv_error)
            }
            SurfaceAccess::Store { values } => {
                let image =
                    e.b.load(image_ty, None, var, None, [])
                        .map_err(spirv_error)?;
                let parts = values.map(|v| e.ids[v.0 as usize]);
                let texel =
                    e.b.composite_construct(e.t.uvec4, None, parts)
                        .map_err(spirv_error)?;
                e.b.image_write(image, coords, texel, None, [])
                    .map_err(spirv_error)?;
                Ok(0)
            }
            SurfaceAccess::Atomic { op, value } => {
                let pointer_ty = e.b.type_pointer(None, spirv::StorageClass::Image, e.t.u32);
                let sample = e.word(0);
                let pointer =
                    e.b.image_texel_pointer(pointer_ty, None, var, coords, sample)
                        .map_err(spirv_error)?;
                // Relaxed, at device scope, as Maxwell's `suatom` on global memory.
                let (scope, semantics) = (e.word(spirv::Scope::Device as u32), e.word(0));
                let v = e.ids[value.0 as usize];
                e.atomic_word(op, pointer, scope, semantics, v)
            }
        })
    }
}
