//! Colour clears with a partial component mask: `vkCmdClearAttachments` and load ops
//! ignore write masks, so such a clear is a draw of one full-target triangle whose
//! pipeline writes only the masked components of the one target. The renderer's own
//! shaders for it are translated on first use.

use std::collections::HashMap;
use std::sync::Arc;

use ash::vk;
use gpu::command::ClearValue;
use gpu::state::ComponentMask;
use shader_translate::{ShaderCode, ShaderSource, Stage, Translator};

use crate::bringup::device::Device;
use crate::error::{map_vk, VkError, VkResult};
use crate::kernels::kernel_translator::kernel_translator;

use super::compute::ShaderModule;
use super::graphics_state::TargetFormats;

const FULL_TRIANGLE_VERT: &str = "#version 450
void main() {
    vec2 corner = vec2((gl_VertexIndex << 1) & 2, gl_VertexIndex & 2);
    gl_Position = vec4(corner * 2.0 - 1.0, 0.0, 1.0);
}
";

/// The numeric kind of a clear value (the fragment output's type).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Kind {
    Float,
    Int,
    Uint,
}

fn kind_and_bytes(value: ClearValue) -> (Kind, [u8; 16]) {
    let mut bytes = [0u8; 16];
    let (kind, words): (Kind, [u32; 4]) = match value {
        ClearValue::Float(v) => (Kind::Float, v.map(f32::to_bits)),
        ClearValue::Int(v) => (Kind::Int, v.map(|x| x as u32)),
        ClearValue::Uint(v) => (Kind::Uint, v),
    };
    for (chunk, word) in bytes.chunks_mut(4).zip(words) {
        chunk.copy_from_slice(&word.to_le_bytes());
    }
    (kind, bytes)
}

fn fragment_glsl(kind: Kind, slot: u8) -> String {
    let ty = match kind {
        Kind::Float => "vec4",
        Kind::Int => "ivec4",
        Kind::Uint => "uvec4",
    };
    format!(
        "#version 450
layout(push_constant) uniform Clear {{ {ty} value; }} clear;
layout(location = {slot}) out {ty} colour;
void main() {{
    colour = clear.value;
}}
"
    )
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct PipelineKey {
    targets: TargetFormats,
    slot: u8,
    mask: u8,
    kind: Kind,
}

/// A masked clear ready to record inside its pass.
#[derive(Clone, Copy, Debug)]
pub struct PreparedMaskedClear {
    pub pipeline: vk::Pipeline,
    pub value: [u8; 16],
}

pub struct MaskedClears {
    translator: Option<Translator>,
    vertex: Option<ShaderModule>,
    fragments: HashMap<(Kind, u8), ShaderModule>,
    layout: vk::PipelineLayout,
    pipelines: HashMap<PipelineKey, vk::Pipeline>,
    /// Given to every creation (null: none).
    cache: vk::PipelineCache,
    device: Arc<Device>,
}

impl MaskedClears {
    pub fn new(device: &Arc<Device>) -> MaskedClears {
        MaskedClears {
            translator: None,
            vertex: None,
            fragments: HashMap::new(),
            layout: vk::PipelineLayout::null(),
            pipelines: HashMap::new(),
            cache: vk::PipelineCache::null(),
            device: device.clone(),
        }
    }

    /// Makes later pipelines through `cache` (the executor keeps it alive longer).
    pub fn use_cache(&mut self, cache: vk::PipelineCache) {
        self.cache = cache;
    }

    /// Pipelines made so far.
    pub fn made(&self) -> u64 {
        self.pipelines.len() as u64
    }

    /// The pipeline that clears `mask` of colour target `slot` in a pass of `layers`
    /// layers whose targets have `formats`.
    pub fn prepare(
        &mut self,
        formats: TargetFormats,
        layers: u32,
        slot: u8,
        value: ClearValue,
        mask: ComponentMask,
    ) -> VkResult<PreparedMaskedClear> {
        if layers != 1 {
            return Err(VkError::Unsupported(
                "a masked clear of a layered target".into(),
            ));
        }
        let (kind, bytes) = kind_and_bytes(value);
        let key = PipelineKey {
            targets: formats,
            slot,
            mask: mask.0,
            kind,
        };
        if !self.pipelines.contains_key(&key) {
            let pipeline = self.make(key)?;
            self.pipelines.insert(key, pipeline);
        }
        Ok(PreparedMaskedClear {
            pipeline: self.pipelines[&key],
            value: bytes,
        })
    }

    fn translate(&mut self, name: &str, stage: Stage, glsl: String) -> VkResult<ShaderModule> {
        if self.translator.is_none() {
            self.translator = Some(kernel_translator("masked clear")?);
        }
        let translator = self.translator.as_ref().expect("made above");
        let shader = translator
            .translate(&ShaderSource {
                name: name.to_owned(),
                stage,
                code: ShaderCode::Glsl(glsl),
            })
            .map_err(|source| VkError::Kernel {
                name: "masked clear",
                source,
            })?;
        ShaderModule::new(&self.device, &shader.spirv)
    }

    fn make(&mut self, key: PipelineKey) -> VkResult<vk::Pipeline> {
        if self.vertex.is_none() {
            let vertex = self.translate(
                "masked-clear.vert",
                Stage::Vertex,
                FULL_TRIANGLE_VERT.into(),
            )?;
            self.vertex = Some(vertex);
        }
        if !self.fragments.contains_key(&(key.kind, key.slot)) {
            let fragment = self.translate(
                "masked-clear.frag",
                Stage::Fragment,
                fragment_glsl(key.kind, key.slot),
            )?;
            self.fragments.insert((key.kind, key.slot), fragment);
        }
        if self.layout == vk::PipelineLayout::null() {
            let range = [vk::PushConstantRange::default()
                .stage_flags(vk::ShaderStageFlags::FRAGMENT)
                .size(16)];
            let info = vk::PipelineLayoutCreateInfo::default().push_constant_ranges(&range);
            // SAFETY: valid create info on a live device.
            self.layout = unsafe { self.device.raw.create_pipeline_layout(&info, None) }
                .map_err(map_vk("creating the masked clear layout"))?;
        }
        let stages = [
            vk::PipelineShaderStageCreateInfo::default()
                .stage(vk::ShaderStageFlags::VERTEX)
                .module(self.vertex.as_ref().expect("made above").raw)
                .name(c"main"),
            vk::PipelineShaderStageCreateInfo::default()
                .stage(vk::ShaderStageFlags::FRAGMENT)
                .module(self.fragments[&(key.kind, key.slot)].raw)
                .name(c"main"),
        ];
        let vertex_input = vk::PipelineVertexInputStateCreateInfo::default();
        let input_assembly = vk::PipelineInputAssemblyStateCreateInfo::default()
            .topology(vk::PrimitiveTopology::TRIANGLE_LIST);
        let viewport = vk::PipelineViewportStateCreateInfo::default()
            .viewport_count(1)
            .scissor_count(1);
        let rasterization = vk::PipelineRasterizationStateCreateInfo::default()
            .polygon_mode(vk::PolygonMode::FILL)
            .cull_mode(vk::CullModeFlags::NONE)
            .line_width(1.0);
        // Every sample of a covered pixel takes the clear value.
        let multisample = vk::PipelineMultisampleStateCreateInfo::default()
            .rasterization_samples(key.targets.sample_count());
        let depth_stencil = vk::PipelineDepthStencilStateCreateInfo::default();
        let formats = key.targets.color_formats();
        let blends: Vec<vk::PipelineColorBlendAttachmentState> = (0..formats.len())
            .map(|slot| vk::PipelineColorBlendAttachmentState {
                // Only the cleared target, only its masked components.
                color_write_mask: if slot == usize::from(key.slot) {
                    vk::ColorComponentFlags::from_raw(u32::from(key.mask))
                } else {
                    vk::ColorComponentFlags::empty()
                },
                ..Default::default()
            })
            .collect();
        let color_blend = vk::PipelineColorBlendStateCreateInfo::default().attachments(&blends);
        let dynamic_states = [vk::DynamicState::VIEWPORT, vk::DynamicState::SCISSOR];
        let dynamic = vk::PipelineDynamicStateCreateInfo::default().dynamic_states(&dynamic_states);
        let mut rendering = vk::PipelineRenderingCreateInfo::default()
            .color_attachment_formats(&formats)
            .depth_attachment_format(vk::Format::from_raw(key.targets.depth))
            .stencil_attachment_format(vk::Format::from_raw(key.targets.stencil));
        let info = [vk::GraphicsPipelineCreateInfo::default()
            .stages(&stages)
            .vertex_input_state(&vertex_input)
            .input_assembly_state(&input_assembly)
            .viewport_state(&viewport)
            .rasterization_state(&rasterization)
            .multisample_state(&multisample)
            .depth_stencil_state(&depth_stencil)
            .color_blend_state(&color_blend)
            .dynamic_state(&dynamic)
            .layout(self.layout)
            .push_next(&mut rendering)];
        // SAFETY: every pointer in `info` refers to locals or live modules and layout; the
        // cache (or null) is live.
        let pipeline = unsafe {
            self.device
                .raw
                .create_graphics_pipelines(self.cache, &info, None)
        }
        .map_err(|(_, result)| map_vk("creating a masked clear pipeline")(result))?[0];
        Ok(pipeline)
    }

    /// Records the clear over `area` (the pass's render area, `viewport` over it); `cmd`
    /// is inside the pass it was prepared for.
    pub fn record(
        &self,
        cmd: vk::CommandBuffer,
        area: vk::Rect2D,
        viewport: vk::Viewport,
        clear: &PreparedMaskedClear,
    ) {
        let raw = &self.device.raw;
        // SAFETY: `cmd` is inside a pass with the formats the pipeline was made for; the
        // push constant range is the layout's.
        unsafe {
            raw.cmd_bind_pipeline(cmd, vk::PipelineBindPoint::GRAPHICS, clear.pipeline);
            raw.cmd_push_constants(
                cmd,
                self.layout,
                vk::ShaderStageFlags::FRAGMENT,
                0,
                &clear.value,
            );
            raw.cmd_set_viewport(cmd, 0, &[viewport]);
            raw.cmd_set_scissor(cmd, 0, &[area]);
            raw.cmd_draw(cmd, 3, 1, 0, 0);
        }
    }
}

impl Drop for MaskedClears {
    fn drop(&mut self) {
        // SAFETY: the executor waits for its last submission before dropping this; a null
        // layout (never made) is ignored.
        unsafe {
            for &pipeline in self.pipelines.values() {
                self.device.raw.destroy_pipeline(pipeline, None);
            }
            self.device.raw.destroy_pipeline_layout(self.layout, None);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clear_values_keep_their_bits_and_kind() {
        let (kind, bytes) = kind_and_bytes(ClearValue::Int([-1, 2, 3, 4]));
        assert_eq!(kind, Kind::Int);
        assert_eq!(&bytes[..4], &[0xff; 4]);
        assert_eq!(&bytes[4..8], &2u32.to_le_bytes());
        let (kind, bytes) = kind_and_bytes(ClearValue::Float([1.0, 0.0, 0.0, 0.5]));
        assert_eq!(kind, Kind::Float);
        assert_eq!(&bytes[12..], &0.5f32.to_le_bytes());
        assert!(fragment_glsl(Kind::Uint, 3).contains("layout(location = 3) out uvec4"));
    }
}
