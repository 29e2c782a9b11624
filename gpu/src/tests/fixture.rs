//! What the tests share: a device on the test backend (recording into memory when
//! asked), and a scene with one object of every kind.

use std::io::Write;
use std::sync::Arc;

use parking_lot::Mutex;

use crate::command::*;
use crate::device::{Device, DeviceMaker};
use crate::ids::*;
use crate::mem::pool::PoolFlags;
use crate::mem::Format;
use crate::objects::*;
use crate::state::*;
use crate::test_backend::{TestBackend, CAPABLE};

/// A `Write` into a shared byte vector, so a test can read what a device recorded.
#[derive(Clone, Default)]
pub struct SharedSink(pub Arc<Mutex<Vec<u8>>>);

impl Write for SharedSink {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.0.lock().extend_from_slice(bytes);
        Ok(bytes.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

pub fn device() -> (Device, TestBackend) {
    let backend = TestBackend::with_features(CAPABLE);
    let device = Device::new(DeviceMaker::new(Box::new(backend.clone()))).unwrap();
    (device, backend)
}

pub fn recording_device() -> (Device, TestBackend, SharedSink) {
    let backend = TestBackend::with_features(CAPABLE);
    let sink = SharedSink::default();
    let device =
        Device::new(DeviceMaker::new(Box::new(backend.clone())).recording(Box::new(sink.clone())))
            .unwrap();
    (device, backend, sink)
}

pub fn rg8() -> Format {
    Format::from_name("rg8").unwrap()
}

pub fn rgba8() -> Format {
    Format::from_name("rgba8").unwrap()
}

/// The seeds' terrain normal tile: 260x260 RG8, 9 levels.
pub fn normal_tile() -> TextureBuilder {
    TextureBuilder::new_2d(rg8(), 260, 260).levels(9)
}

/// A real module of `stage` that uses uniform block 0 and texture 0, translated from GLSL
/// once per stage: `create_program` validates every module it is given.
pub fn module(stage: Stage) -> ShaderModule {
    static MODULES: std::sync::OnceLock<Vec<ShaderModule>> = std::sync::OnceLock::new();
    MODULES
        .get_or_init(|| {
            Stage::ALL
                .iter()
                .map(|&stage| translate_module(stage))
                .collect()
        })
        .iter()
        .find(|module| module.stage == stage)
        .cloned()
        .expect("every stage")
}

fn translate_module(stage: Stage) -> ShaderModule {
    use shader_translate::{CacheLocation, ShaderCode, ShaderSource, TranslateOptions, Translator};
    let declarations = "#version 450\n\
        layout(binding = 0) uniform Block { vec4 value; };\n\
        layout(binding = 0) uniform sampler2D image;\n";
    let body = match stage {
        Stage::Vertex => "void main() { gl_Position = value + textureLod(image, value.xy, 0.0); }",
        Stage::TessControl => {
            "layout(vertices = 3) out;\n\
             void main() { gl_TessLevelOuter[0] = textureLod(image, value.xy, 0.0).x; }"
        }
        Stage::TessEval => {
            "layout(triangles) in;\n\
             void main() { gl_Position = value + textureLod(image, value.xy, 0.0); }"
        }
        Stage::Geometry => {
            "layout(points) in; layout(points, max_vertices = 1) out;\n\
             void main() { gl_Position = value + textureLod(image, value.xy, 0.0); EmitVertex(); }"
        }
        Stage::Fragment => {
            "layout(location = 0) out vec4 colour;\n\
             void main() { colour = value * texture(image, value.xy); }"
        }
        Stage::Compute => {
            "layout(local_size_x = 8, local_size_y = 8) in;\n\
             layout(std430, binding = 0) buffer Out { vec4 result; };\n\
             void main() { result = value + textureLod(image, value.xy, 0.0); }"
        }
    };
    let translator = Translator::new(TranslateOptions {
        optimise: false,
        cache: CacheLocation::Off,
        strict_portability: false,
    })
    .expect("translator");
    let source = ShaderSource {
        name: format!(
            "fixture.{}",
            shader_translate::Stage::from(stage).short_name()
        ),
        stage: stage.into(),
        code: ShaderCode::Glsl(format!("{declarations}{body}\n")),
    };
    let translated = translator
        .translate(&source)
        .expect("the fixture translates");
    ShaderModule::translated_from(source, &translated)
}

/// One object of every kind, ready to record with.
pub struct Scene {
    pub pool: PoolId,
    pub tile: TextureId,
    pub target: TextureId,
    pub depth: TextureId,
    pub tile_view: ViewId,
    pub target_view: ViewId,
    pub depth_view: ViewId,
    /// 4-sample colour (rgba8) and depth (z32f) textures of the targets' size.
    pub msaa: TextureId,
    pub msaa_depth: TextureId,
    pub sampler: SamplerId,
    pub textures: TextureTableId,
    pub samplers: SamplerTableId,
    pub buffer: BufferId,
    pub graphics: ProgramId,
    pub compute: ProgramId,
    pub sync: SyncId,
    pub window: WindowId,
}

pub const POOL_B: u64 = 4 << 20;
pub const BUFFER_OFFSET_B: u64 = 3 << 20;
pub const BUFFER_B: u64 = 64 << 10;

pub fn scene(device: &Device) -> Scene {
    let pool = device
        .create_pool(&PoolMaker::new(POOL_B, PoolFlags::CPU_CACHED_GPU_CACHED))
        .unwrap();
    let tile = device.create_texture(&normal_tile(), pool, 0).unwrap();
    let target_builder = TextureBuilder::new_2d(rgba8(), 64, 64);
    let target = device
        .create_texture(&target_builder, pool, 1 << 20)
        .unwrap();
    let depth_builder = TextureBuilder::new_2d(Format::from_name("z32f").unwrap(), 64, 64);
    let depth = device
        .create_texture(&depth_builder, pool, 2 << 20)
        .unwrap();
    let msaa_of = |builder: TextureBuilder, offset_b: u64| {
        let builder = builder
            .kind(crate::mem::TextureKind::D2Multisample)
            .samples(4);
        device.create_texture(&builder, pool, offset_b).unwrap()
    };
    let msaa = msaa_of(target_builder, (1 << 20) + (256 << 10));
    let msaa_depth = msaa_of(depth_builder, (2 << 20) + (256 << 10));
    let tile_view = device.create_view(&ViewMaker::whole(tile)).unwrap();
    let target_view = device.create_view(&ViewMaker::whole(target)).unwrap();
    let depth_view = device.create_view(&ViewMaker::whole(depth)).unwrap();
    let sampler = device
        .create_sampler(&SamplerMaker {
            min_filter: Filter::Linear,
            mag_filter: Filter::Linear,
            mip_filter: MipFilter::Linear,
            ..SamplerMaker::default()
        })
        .unwrap();
    let textures = device.create_texture_table(16).unwrap();
    let samplers = device.create_sampler_table(4).unwrap();
    device.register_texture(textures, 1, tile_view).unwrap();
    device.register_image(textures, 2, target_view).unwrap();
    device.register_sampler(samplers, 0, sampler).unwrap();
    let buffer = device
        .create_buffer(&BufferMaker {
            pool,
            offset_b: BUFFER_OFFSET_B,
            size_b: BUFFER_B,
            usage: BufferUsage::ALL,
        })
        .unwrap();
    let graphics = device
        .create_program(&ProgramMaker {
            modules: vec![module(Stage::Vertex), module(Stage::Fragment)],
        })
        .unwrap();
    let compute = device
        .create_program(&ProgramMaker {
            modules: vec![module(Stage::Compute)],
        })
        .unwrap();
    let sync = device.create_sync().unwrap();
    let window = device
        .create_window(&WindowMaker {
            textures: vec![target],
            present_interval: 1,
        })
        .unwrap();
    Scene {
        pool,
        tile,
        target,
        depth,
        tile_view,
        target_view,
        depth_view,
        msaa,
        msaa_depth,
        sampler,
        textures,
        samplers,
        buffer,
        graphics,
        compute,
        sync,
        window,
    }
}

pub fn targets(scene: &Scene) -> RenderTargets {
    let mut targets = RenderTargets::default();
    targets.colors[0] = Some(scene.target_view);
    targets.depth_stencil = Some(scene.depth_view);
    targets
}

pub fn range(scene: &Scene, offset_b: u64, size_b: u64) -> BufferRange {
    BufferRange {
        buffer: scene.buffer,
        offset_b,
        size_b,
    }
}

pub fn region(texture: TextureId, level: u32, width_px: u32, height_px: u32) -> TextureRegion {
    TextureRegion::from_origin(texture, level, width_px, height_px)
}

/// Every command kind, valid in this order on `scene`.
pub fn every_command(scene: &Scene) -> Vec<Command> {
    let draw = DrawArrays {
        primitive: PrimitiveKind::Quads,
        first_vertex: 0,
        vertex_count: 8,
        first_instance: 0,
        instance_count: 3,
    };
    vec![
        Command::BindRenderTargets(targets(scene)),
        Command::ClearColor {
            target: 0,
            value: ClearValue::Float([0.25, 0.5, 0.75, 1.0]),
            mask: ComponentMask::R | ComponentMask::A,
        },
        Command::ClearColor {
            target: 0,
            value: ClearValue::Uint([1, 2, 3, 4]),
            mask: ComponentMask::ALL,
        },
        Command::ClearColor {
            target: 0,
            value: ClearValue::Int([-1, 2, -3, 4]),
            mask: ComponentMask::G,
        },
        Command::ClearDepthStencil {
            depth: Some(1.0),
            stencil: Some(0x80),
            stencil_mask: 0xff,
        },
        Command::SetState(StateChange::Blend {
            target: 0,
            state: BlendState {
                enabled: true,
                color: BlendEquation::ALPHA,
                alpha: BlendEquation::REPLACE,
            },
        }),
        Command::SetState(StateChange::BlendConstant([0.1, 0.2, 0.3, 0.4])),
        Command::SetState(StateChange::WriteMasks(
            [ComponentMask::ALL; MAX_COLOR_TARGETS],
        )),
        Command::SetState(StateChange::LogicOp(Some(LogicOp::Xor))),
        Command::SetState(StateChange::DepthStencil(DepthStencilState {
            depth_test: true,
            depth_write: true,
            stencil_test: true,
            front: StencilFace {
                pass: StencilOp::Replace,
                reference: 3,
                ..StencilFace::default()
            },
            ..DepthStencilState::default()
        })),
        Command::SetState(StateChange::Rasterizer(RasterizerState {
            cull: CullMode::Back,
            front_face: FrontFace::Cw,
            polygon_mode: PolygonMode::Line,
            ..RasterizerState::default()
        })),
        Command::SetState(StateChange::PolygonOffset(PolygonOffset {
            factor: 1.5,
            units: 4.0,
            clamp: 0.0,
            fill: true,
            line: false,
            point: false,
        })),
        Command::SetState(StateChange::Viewports {
            first: 0,
            viewports: vec![Viewport::covering(64, 64); 2],
        }),
        Command::SetState(StateChange::Scissors {
            first: 1,
            scissors: vec![Scissor::covering(32, 32)],
        }),
        // One viewport: kept in its op (`Op::SetViewport`), as one scissor is.
        Command::SetState(StateChange::Viewports {
            first: 3,
            viewports: vec![Viewport::covering(16, 16)],
        }),
        Command::SetState(StateChange::VertexAttributes(vec![
            VertexAttribute {
                location: 0,
                stream: 0,
                format: VertexFormat {
                    kind: ComponentKind::Float32,
                    components: 3,
                },
                offset_b: 0,
            },
            VertexAttribute {
                location: 1,
                stream: 1,
                format: VertexFormat {
                    kind: ComponentKind::Unorm1010102,
                    components: 4,
                },
                offset_b: 12,
            },
        ])),
        Command::SetState(StateChange::VertexStreams(vec![
            VertexStream {
                stride_b: 16,
                divisor: 0,
            },
            VertexStream {
                stride_b: 4,
                divisor: 1,
            },
        ])),
        Command::SetState(StateChange::PrimitiveRestart(Some(0xffff))),
        Command::SetState(StateChange::DepthMode(DepthMode::MinusOneToOne)),
        Command::SetState(StateChange::WindowOrigin(WindowOrigin::LowerLeft)),
        Command::SetState(StateChange::ProvokingVertex(ProvokingVertex::Last)),
        Command::SetState(StateChange::DepthBounds(Some(DepthBounds {
            min: 0.25,
            max: 0.75,
        }))),
        Command::SetState(StateChange::PatchSize(4)),
        Command::SetState(StateChange::InnerTessellationLevels([2.0, 3.5])),
        Command::SetState(StateChange::OuterTessellationLevels([1.0, 2.0, 4.0, 64.0])),
        Command::SetState(StateChange::ProgramPointSize(true)),
        Command::SetState(StateChange::Smoothing(Smoothing {
            lines: true,
            polygons: false,
        })),
        Command::SetState(StateChange::Multisample(MultisampleState {
            sample_mask: 0b1011,
            alpha_to_coverage: true,
            alpha_to_one: true,
            min_sample_shading: Some(0.5),
        })),
        Command::SetState(StateChange::SampleLocations(
            crate::state::SampleLocations::repeating(
                &[crate::state::SampleLocation {
                    x_16ths: 2,
                    y_16ths: 13,
                }],
                true,
            )
            .unwrap(),
        )),
        Command::SetState(StateChange::AlphaTest(Some(AlphaTest {
            compare: CompareOp::GreaterEqual,
            reference: 0.375,
        }))),
        Command::BindProgram(scene.graphics),
        Command::BindProgram(scene.compute),
        Command::BindDescriptorTables {
            textures: scene.textures,
            samplers: scene.samplers,
        },
        Command::BindBuffer {
            binding: BufferBinding::Vertex { stream: 0 },
            range: range(scene, 0, 4096),
        },
        Command::BindBuffer {
            binding: BufferBinding::Index {
                index_type: IndexType::U16,
            },
            range: range(scene, 4096, 4096),
        },
        Command::BindBuffer {
            binding: BufferBinding::Uniform {
                stage: Stage::Vertex,
                slot: 15,
            },
            range: range(scene, 8192, 256),
        },
        Command::BindBuffer {
            binding: BufferBinding::Storage {
                stage: Stage::Compute,
                slot: 0,
            },
            range: range(scene, 16384, 1024),
        },
        Command::BindTexture {
            stage: Stage::Fragment,
            slot: 31,
            handle: TextureHandle {
                texture_slot: 1,
                sampler_slot: 0,
            },
        },
        Command::BindImage {
            stage: Stage::Compute,
            slot: 7,
            handle: ImageHandle { texture_slot: 2 },
        },
        Command::Draw(draw),
        Command::Draw(DrawArrays {
            primitive: PrimitiveKind::TriangleFan,
            instance_count: 1,
            ..draw
        }),
        Command::Draw(DrawArrays {
            primitive: PrimitiveKind::LineLoop,
            instance_count: 1,
            ..draw
        }),
        Command::DrawIndexed(DrawIndexed {
            primitive: PrimitiveKind::Triangles,
            first_index: 3,
            index_count: 6,
            base_vertex: -2,
            first_instance: 1,
            instance_count: 2,
        }),
        Command::DrawIndirect(DrawIndirect {
            primitive: PrimitiveKind::TriangleStrip,
            indexed: false,
            buffer: scene.buffer,
            offset_b: 32768,
            draw_count: 2,
            stride_b: 16,
        }),
        Command::DrawIndirect(DrawIndirect {
            primitive: PrimitiveKind::Triangles,
            indexed: true,
            buffer: scene.buffer,
            offset_b: 32768,
            draw_count: 1,
            stride_b: 0,
        }),
        Command::Dispatch { groups: [4, 2, 1] },
        Command::DispatchIndirect {
            buffer: scene.buffer,
            offset_b: 40960,
        },
        Command::Copy(CopyOp::BufferToBuffer {
            source: scene.buffer,
            source_offset_b: 0,
            destination: scene.buffer,
            destination_offset_b: 1024,
            size_b: 1024,
        }),
        Command::Copy(CopyOp::BufferToTexture {
            source: BufferImage {
                buffer: scene.buffer,
                offset_b: 0,
                row_pitch_b: 0,
                rows_per_image: 0,
            },
            destination: region(scene.tile, 0, 64, 64),
        }),
        Command::Copy(CopyOp::TextureToBuffer {
            source: region(scene.tile, 8, 1, 1),
            destination: BufferImage {
                buffer: scene.buffer,
                offset_b: 100,
                row_pitch_b: 256,
                rows_per_image: 0,
            },
        }),
        Command::Copy(CopyOp::TextureToTexture {
            source: region(scene.tile, 1, 130, 130),
            destination: TextureRegion {
                x_px: 10,
                ..region(scene.tile, 0, 130, 130)
            },
            linear_filter: true,
        }),
        Command::Copy(CopyOp::Resolve {
            source: scene.msaa,
            destination: scene.target,
            mode: ResolveMode::Average,
        }),
        Command::Copy(CopyOp::Resolve {
            source: scene.msaa_depth,
            destination: scene.depth,
            mode: ResolveMode::SampleZero,
        }),
        Command::Barrier {
            order: BarrierOrder::FRAGMENTS | BarrierOrder::INDIRECT_DATA,
            invalidate: Invalidate::TEXTURES | Invalidate::L2_CACHE,
        },
        Command::SignalSync {
            sync: scene.sync,
            condition: SyncCondition::AllGpuCommandsComplete,
            flush: true,
        },
        Command::WaitSync { sync: scene.sync },
        Command::Discard(DiscardTarget::Color(0)),
        Command::Discard(DiscardTarget::DepthStencil),
        Command::UpdateUniformBuffer(UniformUpdate {
            buffer: scene.buffer,
            offset_b: 256,
            bytes: (0..32).collect(),
        }),
        Command::BindTransformFeedbackBuffer {
            index: 1,
            range: range(scene, 1024, 512),
        },
        Command::TransformFeedback {
            verb: TransformFeedbackVerb::Begin,
            control: TransformFeedbackControl {
                buffer: scene.buffer,
                offset_b: 2048,
            },
        },
        Command::TransformFeedback {
            verb: TransformFeedbackVerb::Pause,
            control: TransformFeedbackControl {
                buffer: scene.buffer,
                offset_b: 2048,
            },
        },
        Command::TransformFeedback {
            verb: TransformFeedbackVerb::Resume,
            control: TransformFeedbackControl {
                buffer: scene.buffer,
                offset_b: 2064,
            },
        },
        Command::TransformFeedback {
            verb: TransformFeedbackVerb::End,
            control: TransformFeedbackControl {
                buffer: scene.buffer,
                offset_b: 2064,
            },
        },
        Command::ResetCounter(Counter::SamplesPassed),
        Command::ReportCounter {
            counter: Counter::SamplesPassed,
            buffer: scene.buffer,
            offset_b: 512,
        },
        Command::ReportCounter {
            counter: Counter::Timestamp,
            buffer: scene.buffer,
            offset_b: 528,
        },
        Command::ReportValue {
            value: 0xdead_beef,
            buffer: scene.buffer,
            offset_b: 548,
        },
        Command::SetRenderEnableConditional {
            mode: ConditionalRender::IfNotEqual,
            buffer: scene.buffer,
            offset_b: 512,
        },
        Command::SetRenderEnable(true),
        // Issue 17, clears outside passes.
        Command::FillBuffer {
            buffer: scene.buffer,
            offset_b: 552,
            size_b: 8,
            value: 0x0102_0304,
        },
        Command::PushDebugGroup("frame".into()),
        Command::ClearTexture(TextureClear {
            view: scene.target_view,
            x_px: 8,
            y_px: 4,
            width_px: 16,
            height_px: 12,
            z: 0,
            depth: 1,
            value: TextureClearValue::Color {
                value: ClearValue::Float([0.25, 0.5, 0.75, 1.0]),
                mask: ComponentMask::ALL,
            },
        }),
        Command::InsertDebugLabel("after the clear".into()),
        Command::ClearTexture(TextureClear::whole(
            scene.depth_view,
            [64, 64],
            1,
            TextureClearValue::DepthStencil {
                depth: Some(0.5),
                stencil: None,
            },
        )),
        Command::PopDebugGroup,
    ]
}
