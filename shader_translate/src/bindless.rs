//! Texture slots as indices into bindless arrays: the SPIR-V rewrite behind the Vulkan
//! executor's descriptor-indexing path.
//!
//! Every combined texture-sampler of a translated module (set 2, host bindings) is taken
//! out; each read of one loads a handle word from push constants, takes an image and a
//! sampler from two runtime arrays in [`BINDLESS_SET`] with the indices packed in it, and
//! combines them with `OpSampledImage`. A draw then changes textures by changing push
//! constants instead of descriptor sets.

mod declarations;
mod loads;
mod tables;
mod textures;
mod uses;

#[cfg(test)]
pub(crate) mod tests;

use std::collections::HashMap;

use crate::spirv::ops::storage_class;
use crate::spirv::{Module, ModuleIndex, ParseError};
use crate::{ResourceKind, Stage};

use declarations::Declarations;
use loads::LoadRewriter;
use tables::{require_descriptor_indexing, BindlessTables};
use textures::{remove_declarations, texture_variables, HandleLayout};

/// The bindless texture table's place in the host layout (it replaces the per-slot
/// texture set).
pub const BINDLESS_SET: u32 = ResourceKind::Texture.host_set();
/// Binding of the runtime array of samplers (`OpTypeSampler`).
pub const BINDLESS_SAMPLER_BINDING: u32 = 0;
/// Binding of the runtime arrays of sampled images (`OpTypeImage`, Sampled 1), one
/// variable per image type, all aliasing this binding.
pub const BINDLESS_IMAGE_BINDING: u32 = 1;
/// A handle word: image index in the low 20 bits, sampler index in the high 12.
pub const BINDLESS_IMAGE_INDEX_BITS: u32 = 20;
pub const MAX_BINDLESS_IMAGES: u32 = 1 << BINDLESS_IMAGE_INDEX_BITS;
pub const MAX_BINDLESS_SAMPLERS: u32 = 1 << (32 - BINDLESS_IMAGE_INDEX_BITS);
/// Most handle words one program may take (128 bytes of push constants, Vulkan's
/// guaranteed minimum).
pub const MAX_BINDLESS_HANDLES: u32 = 128 / 4;

/// The handle word of an image and a sampler in the bindless arrays.
pub fn pack_bindless_handle(image_index: u32, sampler_index: u32) -> u32 {
    debug_assert!(
        image_index < MAX_BINDLESS_IMAGES,
        "image index {image_index} is past the {MAX_BINDLESS_IMAGES} a handle holds"
    );
    debug_assert!(
        sampler_index < MAX_BINDLESS_SAMPLERS,
        "sampler index {sampler_index} is past the {MAX_BINDLESS_SAMPLERS} a handle holds"
    );
    (sampler_index << BINDLESS_IMAGE_INDEX_BITS) | (image_index & (MAX_BINDLESS_IMAGES - 1))
}

/// A module rewritten to read its textures through handle words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IndexedModule {
    pub spirv_words: Vec<u32>,
    /// This stage's texture slots in ascending order; slot `slots[i]`'s handle word is
    /// push-constant element `first_handle + i`.
    pub slots: Vec<u32>,
}

/// Why a module cannot go on the bindless path (the executor keeps it on per-slot
/// descriptors).
#[derive(Debug, thiserror::Error, Clone, PartialEq, Eq)]
pub enum IndexError {
    #[error("the SPIR-V module is malformed: {0}")]
    Malformed(#[from] ParseError),
    #[error("'{name}': {reason}")]
    UnsupportedResource { name: String, reason: &'static str },
    #[error("texture '{name}' in set {BINDLESS_SET} has no binding")]
    NoBinding { name: String },
    #[error(
        "texture '{name}' takes bindings {binding}-{} of set {BINDLESS_SET}, outside the {stage} stage's texture bindings",
        binding.saturating_add(*count).saturating_sub(1)
    )]
    OutsideStage {
        name: String,
        binding: u32,
        count: u32,
        stage: Stage,
    },
    #[error(
        "texture '{name}' (slot {slot}) is an array of arrays; only one array level is rewritten"
    )]
    NestedArray { name: String, slot: u32 },
    #[error("texture '{name}' (slot {slot}) is a texel buffer, which is no sampled image")]
    TexelBuffer { name: String, slot: u32 },
    #[error(
        "{first_handle} earlier handle words and this stage's {slot_count} texture slots need more than the {MAX_BINDLESS_HANDLES} handle words push constants hold"
    )]
    TooManyHandles { first_handle: u32, slot_count: u32 },
    #[error("the module already has push constants ('{name}'); the texture handles need them")]
    PushConstantsInUse { name: String },
    #[error(
        "texture '{name}' (slot {slot}) is used by {}; only loads of it (or of one of its elements) are rewritten",
        uses::describe_opcode(*opcode)
    )]
    UnsupportedUse {
        name: String,
        slot: u32,
        opcode: u16,
    },
    #[error("texture '{name}' (slot {slot}) is indexed by a value that is not a 32-bit integer")]
    IndexNotInt32 { name: String, slot: u32 },
    #[error("texture '{name}' (slot {slot}) is indexed by the constant {index}, outside its {count} elements")]
    ConstantIndexOutOfRange {
        name: String,
        slot: u32,
        index: i64,
        count: u32,
    },
    #[error("texture '{name}' (slot {slot}) is indexed non-uniformly; handle words assume dynamically uniform indices")]
    NonUniformIndex { name: String, slot: u32 },
    #[error("texture '{name}' (slot {slot}) is loaded in one block and used in another or by OpPhi/OpSelect, which OpSampledImage's result may not be")]
    UsedOutsideBlock { name: String, slot: u32 },
}

/// Rewrites every combined texture-sampler variable of `stage`'s module (set 2, host
/// bindings) to read its image and sampler from the bindless arrays through a handle
/// word in push constants; this stage's handles start at push element `first_handle`.
pub fn index_textures(
    spirv_words: &[u32],
    stage: Stage,
    first_handle: u32,
) -> Result<IndexedModule, IndexError> {
    let mut module = Module::parse(spirv_words)?;
    let index = ModuleIndex::new(&module);
    let textures = texture_variables(&index, stage)?;
    if textures.is_empty() {
        return Ok(IndexedModule {
            spirv_words: spirv_words.to_vec(),
            slots: Vec::new(),
        });
    }
    let layout = HandleLayout::new(&textures, first_handle)?;
    if let Some(push) = index
        .variables
        .iter()
        .find(|variable| variable.storage_class == storage_class::PUSH_CONSTANT)
    {
        let block = index.pointee(push.pointer_type).unwrap_or(0);
        let name = index.name(push.id).or_else(|| index.name(block));
        return Err(IndexError::PushConstantsInUse {
            name: name.unwrap_or("(unnamed)").to_owned(),
        });
    }

    let mut declarations = Declarations::new(&module);
    let mut image_types: Vec<u32> = textures.iter().map(|texture| texture.image_type).collect();
    image_types.sort_unstable();
    image_types.dedup();
    let tables = BindlessTables::declare(
        &mut declarations,
        &index,
        layout.handle_count(),
        &image_types,
    );

    let functions_start = module.functions_start();
    let mut rewriter = LoadRewriter::new(&module, &index, &textures, &layout, &tables);
    let functions = rewriter.rewrite(&module.instructions[functions_start..], &mut declarations)?;
    module.instructions.truncate(functions_start);
    module.instructions.extend(functions);

    let mut removed: HashMap<u32, usize> = rewriter.dropped_chains().collect();
    removed.extend(
        textures
            .iter()
            .enumerate()
            .map(|(at, texture)| (texture.id, at)),
    );
    remove_declarations(&mut module, &removed, &textures)?;
    require_descriptor_indexing(&mut module, &index);
    declarations.insert_into(&mut module, &tables.variables());
    Ok(IndexedModule {
        spirv_words: module.to_words(),
        slots: layout.slots().to_vec(),
    })
}

#[cfg(test)]
mod pack_tests {
    use super::*;

    #[test]
    fn handles_pack_image_low_and_sampler_high() {
        assert_eq!(pack_bindless_handle(0, 0), 0);
        assert_eq!(pack_bindless_handle(5, 0), 5);
        assert_eq!(pack_bindless_handle(0, 1), 1 << 20);
        assert_eq!(pack_bindless_handle(0xF_FFFF, 0xFFF), u32::MAX);
        assert_eq!(pack_bindless_handle(0x1_2345, 0x678), 0x6781_2345);
        assert_eq!(MAX_BINDLESS_HANDLES, 32);
        assert_eq!(BINDLESS_SET, 2);
    }

    #[test]
    #[should_panic(expected = "image index")]
    #[cfg(debug_assertions)]
    fn an_image_index_past_20_bits_is_a_bug() {
        pack_bindless_handle(MAX_BINDLESS_IMAGES, 0);
    }

    #[test]
    #[should_panic(expected = "sampler index")]
    #[cfg(debug_assertions)]
    fn a_sampler_index_past_12_bits_is_a_bug() {
        pack_bindless_handle(0, MAX_BINDLESS_SAMPLERS);
    }
}
