//! Runs one program of any stage twice on the device: through the module translated from
//! uam's binary and through glslang's module of the same GLSL, the other stages of the
//! draw fixed GLSL through glslang on both sides (`stages::companions`), over the same
//! inputs; returns the result words and the 8x8 target of each side.

use std::sync::Arc;

use anyhow::Context;
use gpu::command::{BufferBinding, BufferImage, ClearValue, CopyOp, DrawArrays, TextureRegion};
use gpu::objects::{BufferMaker, BufferRange, BufferUsage, PoolMaker, ProgramMaker, ShaderModule};
use gpu::objects::{TextureBuilder, ViewMaker};
use gpu::state::{ComponentKind, ComponentMask, PrimitiveKind, StateChange};
use gpu::state::{VertexAttribute, VertexFormat, VertexStream};
use gpu::{BufferId, PoolId, TextureId, ViewId};
use gpu_vk::executor::{ExecutorOptions, VkBackend};
use gpu_vk::shared_backend::SharedBackend;
use shader_translate::{ShaderCode, ShaderSource, TranslatedShader, Translator};

use super::stages::{self, FuzzStage, ATOMIC_WORDS, INVOCATIONS, OUTPUTS, TARGET_PX};
use super::textures::{SideTextures, TEXTURE_B};

/// Bytes of the pool each side's objects take.
const SIDE_B: u64 = 256 << 10;
/// Bytes of the result words.
pub const RESULTS_B: u64 = ((INVOCATIONS * OUTPUTS + ATOMIC_WORDS) * 4) as u64;
const TARGET_B: usize = (TARGET_PX * TARGET_PX * 4) as usize;

/// The inputs of one run: the storage buffers, the uniform block, the vertex stream.
pub struct Inputs {
    pub ints: Vec<i32>,
    pub floats: Vec<f32>,
    pub params: Vec<f32>,
    pub attributes: Vec<f32>,
    /// The sampler array's texels: `textures::TEXTURES` textures of [`TEXTURE_B`] bytes.
    pub texels: Vec<u8>,
}

/// What one side left: the result words and the target's RGBA8 bytes.
pub struct SideOutput {
    pub results: Vec<u32>,
    pub target: Vec<u8>,
}

/// Why a side did not run.
#[derive(Debug, thiserror::Error)]
pub enum SideError {
    #[error("the translator refused the binary: {0}")]
    Refused(String),
    #[error("glslang refused the GLSL: {0}")]
    Glslang(String),
    #[error("validation: {0}")]
    Validation(String),
    #[error("{0}")]
    Device(String),
}

struct Side {
    ints: BufferId,
    floats: BufferId,
    params: BufferId,
    attributes: BufferId,
    results: BufferId,
    readback: BufferId,
    target: TextureId,
    view: ViewId,
    textures: SideTextures,
    base_b: u64,
}

/// A device, a pool, and each side's buffers and target in it.
pub struct Bench {
    pub device: gpu::Device,
    _backend: SharedBackend,
    vk: Arc<gpu_vk::Device>,
    pool: PoolId,
    sides: [Side; 2],
    translator: Translator,
    /// glslang's modules: unoptimised, then made exact (`shader_translate::add_no_contraction`).
    reference: Translator,
}

impl Bench {
    pub fn open(switches: &gpu::switches::Switches) -> anyhow::Result<Bench> {
        let vk = gpu_vk::Device::open(switches)?;
        let backend = SharedBackend::new(VkBackend::with_switches(
            &vk,
            ExecutorOptions::from_switches(switches),
            switches,
        )?);
        let device = gpu::Device::new(gpu::DeviceMaker::new(Box::new(backend.clone())))?;
        let pool = device.create_pool(&PoolMaker::new(
            2 * SIDE_B,
            memory::PoolFlags::CPU_CACHED_GPU_CACHED,
        ))?;
        let side = |index: u64| -> anyhow::Result<Side> {
            let base_b = index * SIDE_B;
            let buffer = |at_b: u64, size_b: u64| {
                device.create_buffer(&BufferMaker {
                    pool,
                    offset_b: base_b + at_b,
                    size_b,
                    usage: BufferUsage::ALL,
                })
            };
            let format = memory::Format::from_name("rgba8").context("rgba8")?;
            let target = device.create_texture(
                &TextureBuilder::new_2d(format, TARGET_PX, TARGET_PX),
                pool,
                base_b,
            )?;
            let view = device.create_view(&ViewMaker::whole(target))?;
            Ok(Side {
                ints: buffer(64 << 10, 256)?,
                floats: buffer(65 << 10, 256)?,
                params: buffer(66 << 10, 256)?,
                attributes: buffer(67 << 10, 1024)?,
                results: buffer(72 << 10, RESULTS_B)?,
                readback: buffer(128 << 10, TARGET_B as u64)?,
                target,
                view,
                textures: SideTextures::make(&device, pool, base_b, 192 << 10)?,
                base_b,
            })
        };
        let sides = [side(0)?, side(1)?];
        let translator = Translator::new(shader_translate::TranslateOptions {
            cache: shader_translate::CacheLocation::Off,
            ..crate::cli::translate_options(switches)
        })?;
        // glslang's module as glslang writes it: spirv-opt folds float arithmetic
        // that carries no `NoContraction` (`(a - b) + b` to `a`), see `shader_translate::add_no_contraction`.
        let reference = Translator::new(shader_translate::TranslateOptions {
            cache: shader_translate::CacheLocation::Off,
            optimise: false,
            ..crate::cli::translate_options(switches)
        })?;
        Ok(Bench {
            device,
            _backend: backend,
            vk,
            pool,
            sides,
            translator,
            reference,
        })
    }

    /// glslang's module of `glsl` for `stage`; uam reads GL's names, glslang Vulkan's.
    /// Its float operations are exact, as the binary's are (`shader_translate::add_no_contraction`).
    fn glslang(&self, stage: FuzzStage, glsl: &str) -> Result<TranslatedShader, SideError> {
        let mut module = self
            .reference
            .translate(&ShaderSource {
                name: format!("fuzz.{}", stage.name()),
                stage: stage.translator_stage(),
                code: ShaderCode::Glsl(stages::vulkan_names(glsl)),
            })
            .map_err(|e| SideError::Glslang(e.to_string()))?;
        module.spirv = shader_translate::add_no_contraction(&module.spirv)
            .map_err(|e| SideError::Glslang(e.to_string()))?;
        Ok(module)
    }

    /// The module translated from `dksh` (a fragment program's c1[0] set to 1.0, the
    /// window-y factor a GL driver fills and uam leaves 0.0: DKSH.md).
    fn maxwell(&self, stage: FuzzStage, dksh: &[u8]) -> Result<TranslatedShader, SideError> {
        let mut bytes = dksh.to_vec();
        if stage == FuzzStage::Fragment {
            let module = shader_translate::maxwell::dksh::parse(dksh)
                .map_err(|e| SideError::Refused(e.to_string()))?;
            if let Some(program) = module.programs.first() {
                if program.constbuf1.len() >= 4 {
                    let at = program.constbuf1.as_ptr() as usize - dksh.as_ptr() as usize;
                    bytes[at..at + 4].copy_from_slice(&1.0f32.to_le_bytes());
                }
            }
        }
        let name = format!("fuzz.{}.dksh", stage.name());
        let translated = if stage == FuzzStage::Geometry {
            use shader_translate::maxwell::geometry::GeometryInput;
            self.translator
                .translate_dksh_geometry(&name, &bytes, GeometryInput::Points)
        } else {
            self.translator.translate_dksh(&name, &bytes)
        };
        translated.map_err(|e| SideError::Refused(e.to_string()))
    }

    /// Runs `stage`'s program both ways: (translated, glslang).
    pub fn run_both(
        &self,
        stage: FuzzStage,
        (dksh, glsl): (&[u8], &str),
        inputs: &Inputs,
    ) -> Result<[SideOutput; 2], SideError> {
        let ours = self.maxwell(stage, dksh)?;
        let reference = self.glslang(stage, glsl)?;
        let mut companions = Vec::new();
        for (other, source) in stages::companions(stage) {
            companions.push((other, self.glslang(other, source)?));
        }
        let errors_before = self.vk.validation().error_count();
        let a = self.run_side(0, stage, &ours, &companions, inputs)?;
        let b = self.run_side(1, stage, &reference, &companions, inputs)?;
        let log = self.vk.validation();
        if log.error_count() > errors_before {
            let recent = log.recent_errors();
            return Err(SideError::Validation(
                recent.last().cloned().unwrap_or_default(),
            ));
        }
        Ok([a, b])
    }

    fn run_side(
        &self,
        side: usize,
        stage: FuzzStage,
        tested: &TranslatedShader,
        companions: &[(FuzzStage, TranslatedShader)],
        inputs: &Inputs,
    ) -> Result<SideOutput, SideError> {
        // Which module a hang or a device loss came in: named in the outcome (and logged,
        // `RX_VK_LOG=debug`).
        let module = ["the translation", "glslang's module"][side];
        let device_error =
            |e: &dyn std::fmt::Display| SideError::Device(format!("running {module}: {e}"));
        tracing::debug!(?stage, module, "running");
        let objects = &self.sides[side];
        let mut modules: Vec<(FuzzStage, ShaderModule)> = companions
            .iter()
            .map(|(other, shader)| (*other, ShaderModule::from(shader)))
            .collect();
        modules.push((stage, ShaderModule::from(tested)));
        modules.sort_by_key(|(other, _)| FuzzStage::ALL.iter().position(|s| s == other));
        let program = self
            .device
            .create_program(&ProgramMaker {
                modules: modules.into_iter().map(|(_, module)| module).collect(),
            })
            .map_err(|e| device_error(&e))?;
        let write = |buffer_at_b: u64, bytes: &[u8]| {
            self.device
                .write_pool(self.pool, objects.base_b + buffer_at_b, bytes)
                .map_err(|e| device_error(&e))
        };
        let le = |words: &mut dyn Iterator<Item = [u8; 4]>| words.flatten().collect::<Vec<u8>>();
        write(
            64 << 10,
            &le(&mut inputs.ints.iter().map(|v| v.to_le_bytes())),
        )?;
        write(
            65 << 10,
            &le(&mut inputs.floats.iter().map(|v| v.to_le_bytes())),
        )?;
        write(
            66 << 10,
            &le(&mut inputs.params.iter().map(|v| v.to_le_bytes())),
        )?;
        write(
            67 << 10,
            &le(&mut inputs.attributes.iter().map(|v| v.to_le_bytes())),
        )?;
        write(72 << 10, &vec![0; RESULTS_B as usize])?;
        for (index, &at_b) in objects.textures.at_b.iter().enumerate() {
            let texels = inputs.texels.chunks(TEXTURE_B).nth(index).unwrap_or(&[]);
            (self.device)
                .write_pool(self.pool, at_b, texels)
                .map_err(|e| device_error(&e))?;
        }

        let mut commands = self.device.command_buffer();
        let recorded = self.record(&mut commands, stage, program, objects);
        recorded.map_err(|e| device_error(&e))?;
        self.device
            .queue()
            .submit(&commands.finish())
            .map_err(|e| device_error(&e))?;
        self.device.queue().finish().map_err(|e| device_error(&e))?;
        let mut results = vec![0u8; RESULTS_B as usize];
        self.device
            .read_pool(self.pool, objects.base_b + (72 << 10), &mut results)
            .map_err(|e| device_error(&e))?;
        let mut target = vec![0u8; TARGET_B];
        if stage != FuzzStage::Compute {
            self.device
                .read_pool(self.pool, objects.base_b + (128 << 10), &mut target)
                .map_err(|e| device_error(&e))?;
        }
        let _ = self.device.finalize(program);
        Ok(SideOutput {
            results: results
                .chunks_exact(4)
                .map(|w| u32::from_le_bytes([w[0], w[1], w[2], w[3]]))
                .collect(),
            target,
        })
    }

    fn record(
        &self,
        commands: &mut gpu::CommandBuffer<'_>,
        stage: FuzzStage,
        program: gpu::ProgramId,
        objects: &Side,
    ) -> anyhow::Result<()> {
        let range = |buffer, size_b| BufferRange {
            buffer,
            offset_b: 0,
            size_b,
        };
        let tested = stage.gpu_stage();
        if stage != FuzzStage::Compute {
            let mut targets = gpu::command::RenderTargets::default();
            targets.colors[0] = Some(objects.view);
            commands.bind_render_targets(targets)?;
            commands.clear_color(0, ClearValue::Float([0.0; 4]), ComponentMask::ALL)?;
            commands.set_state(StateChange::ClipYAxis(gpu::state::ClipYAxis::Down))?;
            let (streams, attributes) = match stage {
                FuzzStage::Vertex => (
                    vec![VertexStream {
                        stride_b: 16,
                        divisor: 0,
                    }],
                    vec![VertexAttribute {
                        location: 0,
                        stream: 0,
                        format: VertexFormat {
                            kind: ComponentKind::Float32,
                            components: 4,
                        },
                        offset_b: 0,
                    }],
                ),
                _ => (Vec::new(), Vec::new()),
            };
            commands.set_state(StateChange::VertexStreams(streams))?;
            commands.set_state(StateChange::VertexAttributes(attributes))?;
            if stage == FuzzStage::Vertex {
                commands.bind_buffer(
                    BufferBinding::Vertex { stream: 0 },
                    range(objects.attributes, 1024),
                )?;
            }
            if matches!(stage, FuzzStage::TessControl | FuzzStage::TessEval) {
                commands.set_state(StateChange::PatchSize(4))?;
            }
        }
        commands.bind_program(program)?;
        for (slot, buffer, size_b) in [
            (0, objects.ints, 256),
            (1, objects.floats, 256),
            (2, objects.results, RESULTS_B),
        ] {
            commands.bind_buffer(
                BufferBinding::Storage {
                    stage: tested,
                    slot,
                },
                range(buffer, size_b),
            )?;
        }
        commands.bind_buffer(
            BufferBinding::Uniform {
                stage: tested,
                slot: 0,
            },
            range(objects.params, 256),
        )?;
        objects.textures.bind(commands, tested)?;
        let draw = |primitive, vertex_count| DrawArrays {
            primitive,
            first_vertex: 0,
            vertex_count,
            first_instance: 0,
            instance_count: 1,
        };
        let all = INVOCATIONS as u32;
        match stage {
            FuzzStage::Compute => {
                commands.dispatch([1, 1, 1])?;
                return Ok(());
            }
            FuzzStage::Vertex | FuzzStage::Geometry => {
                commands.draw(draw(PrimitiveKind::Points, all))?
            }
            FuzzStage::Fragment => commands.draw(draw(PrimitiveKind::Triangles, 3))?,
            FuzzStage::TessControl | FuzzStage::TessEval => {
                commands.draw(draw(PrimitiveKind::Patches, all))?
            }
        }
        commands.copy(CopyOp::TextureToBuffer {
            source: TextureRegion::from_origin(objects.target, 0, TARGET_PX, TARGET_PX),
            destination: BufferImage {
                buffer: objects.readback,
                offset_b: 0,
                row_pitch_b: 0,
                rows_per_image: 0,
            },
        })?;
        Ok(())
    }
}
