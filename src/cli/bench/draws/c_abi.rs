//! `hookshot bench draws --api c`: the frame of `bench draws` through libhookshot's C
//! ABI against the same through the Rust API (`HookshotRig`), interleaved in one run.
//! Every entry point the frame calls is found with `hsGetProcAddress` and called through
//! its pointer, as a port that loads the renderer does, so nothing of the ABI's frame
//! (pointer and handle checks, the registry, the panic guard) is inlined away.

use std::ffi::CString;
use std::time::Instant;

use anyhow::{bail, Context};
use hookshot_capi as c;

use super::{
    pool_size_b, vertex_bytes, FrameTimes, POSITION_VERT, TARGET_PX, TINT_B, TINT_FRAG,
    UNIFORMS_OFFSET_B, UNIFORM_STRIDE_B, VERTICES_B, VERTICES_OFFSET_B,
};

type Commands = *const c::HSCommandBuffer;

/// The frame's entry points, by their C types.
struct EntryPoints {
    begin: unsafe extern "C" fn(Commands) -> c::HSresult,
    set_render_targets: unsafe extern "C" fn(
        Commands,
        u32,
        *const *const c::HSTexture,
        *const *const c::HSTextureView,
        *const c::HSTexture,
        *const c::HSTextureView,
    ) -> c::HSresult,
    clear_color: unsafe extern "C" fn(Commands, u32, *const f32, u32) -> c::HSresult,
    set_vertex_streams:
        unsafe extern "C" fn(Commands, u32, *const c::HSVertexStream) -> c::HSresult,
    set_vertex_attributes:
        unsafe extern "C" fn(Commands, u32, *const c::HSVertexAttribute) -> c::HSresult,
    bind_program: unsafe extern "C" fn(Commands, *const c::HSProgram) -> c::HSresult,
    bind_vertex_buffer:
        unsafe extern "C" fn(Commands, u32, *const c::HSBuffer, u64, u64) -> c::HSresult,
    bind_uniform_buffer:
        unsafe extern "C" fn(Commands, u32, u32, *const c::HSBuffer, u64, u64) -> c::HSresult,
    bind_vertex_address: unsafe extern "C" fn(Commands, u32, c::HSgpuAddress, u64) -> c::HSresult,
    bind_uniform_address:
        unsafe extern "C" fn(Commands, u32, u32, c::HSgpuAddress, u64) -> c::HSresult,
    draw_arrays: unsafe extern "C" fn(Commands, u32, u32, u32) -> c::HSresult,
    end: unsafe extern "C" fn(Commands, *mut c::HScommandHandle) -> c::HSresult,
    clear_commands: unsafe extern "C" fn(Commands) -> c::HSresult,
    submit: unsafe extern "C" fn(*const c::HSQueue, u32, *const c::HScommandHandle) -> c::HSresult,
    finish: unsafe extern "C" fn(*const c::HSQueue) -> c::HSresult,
}

/// The entry point `name` as `F`, its C type.
fn entry_point<F: Copy>(name: &str) -> anyhow::Result<F> {
    assert_eq!(
        std::mem::size_of::<F>(),
        std::mem::size_of::<c::HSgenericFuncPtr>()
    );
    let c_name = CString::new(name)?;
    // SAFETY: a NUL-terminated name.
    let found = unsafe { c::hsGetProcAddress(c_name.as_ptr()) }
        .with_context(|| format!("hsGetProcAddress does not know {name}"))?;
    // SAFETY: `F` is the function's own type (the header's declaration, spelled above),
    // and a function pointer of the same size.
    Ok(unsafe { std::mem::transmute_copy::<unsafe extern "C" fn(), F>(&found) })
}

impl EntryPoints {
    fn load() -> anyhow::Result<EntryPoints> {
        Ok(EntryPoints {
            begin: entry_point("hsCommandBufferBeginRecording")?,
            set_render_targets: entry_point("hsCommandBufferSetRenderTargets")?,
            clear_color: entry_point("hsCommandBufferClearColor")?,
            set_vertex_streams: entry_point("hsCommandBufferSetVertexStreams")?,
            set_vertex_attributes: entry_point("hsCommandBufferSetVertexAttributes")?,
            bind_program: entry_point("hsCommandBufferBindProgram")?,
            bind_vertex_buffer: entry_point("hsCommandBufferBindVertexBuffer")?,
            bind_uniform_buffer: entry_point("hsCommandBufferBindUniformBuffer")?,
            bind_vertex_address: entry_point("hsCommandBufferBindVertexBufferAddress")?,
            bind_uniform_address: entry_point("hsCommandBufferBindUniformBufferAddress")?,
            draw_arrays: entry_point("hsCommandBufferDrawArrays")?,
            end: entry_point("hsCommandBufferEndRecording")?,
            clear_commands: entry_point("hsCommandBufferClearCommands")?,
            submit: entry_point("hsQueueSubmitCommands")?,
            finish: entry_point("hsQueueFinish")?,
        })
    }
}

/// Fails with the entry point's name and code.
fn check(what: &str, result: c::HSresult) -> anyhow::Result<()> {
    if result != c::HS_SUCCESS {
        bail!("{what} failed with HSresult {result} (the message went to the log)");
    }
    Ok(())
}

/// The frame's objects, made through the C ABI; finalized, device last, when dropped.
pub(super) struct CAbiRig {
    calls: EntryPoints,
    device: Box<c::HSDevice>,
    pool: Box<c::HSMemoryPool>,
    target: Box<c::HSTexture>,
    vertices: Box<c::HSBuffer>,
    uniforms: Box<c::HSBuffer>,
    program: Box<c::HSProgram>,
    commands: Box<c::HSCommandBuffer>,
    queue: Box<c::HSQueue>,
    draws: u32,
    /// The binds name GPU addresses (the pool's address plus offsets, as a port
    /// computes them) instead of buffer objects.
    pub(super) by_address: bool,
    /// The pool's GPU address.
    pool_address: c::HSgpuAddress,
}

/// A zeroed caller-allocated object, as a C port's storage starts.
fn object<T>() -> Box<T> {
    // SAFETY: every HS* object is two u64 words, for which all zeros is a value.
    Box::new(unsafe { std::mem::zeroed() })
}

impl CAbiRig {
    /// A device with the environment's switches (as `hookshot bench` reads them), and
    /// the frame's pool, target, buffers and program, at the offsets `HookshotRig` uses.
    pub(super) fn new(uniform_bytes: &[u8], draws: u32) -> anyhow::Result<CAbiRig> {
        let calls = EntryPoints::load()?;
        let mut rig = CAbiRig {
            calls,
            device: object(),
            pool: object(),
            target: object(),
            vertices: object(),
            uniforms: object(),
            program: object(),
            commands: object(),
            queue: object(),
            draws,
            by_address: false,
            pool_address: 0,
        };
        // SAFETY: every pointer below is to a live object or builder of this function or
        // the rig, and the strings outlive the calls.
        unsafe {
            let mut device_builder: c::HSDeviceBuilder = std::mem::zeroed();
            check(
                "device builder",
                c::hsDeviceBuilderSetDefaults(&mut device_builder),
            )?;
            check(
                "device",
                c::hsDeviceInitialize(&mut *rig.device, &device_builder),
            )?;
            let device = &*rig.device as *const c::HSDevice;

            let mut pool_builder: c::HSMemoryPoolBuilder = std::mem::zeroed();
            check(
                "pool builder",
                c::hsMemoryPoolBuilderSetDefaults(&mut pool_builder),
            )?;
            c::hsMemoryPoolBuilderSetDevice(&mut pool_builder, device);
            c::hsMemoryPoolBuilderSetFlags(
                &mut pool_builder,
                c::HS_MEMORY_POOL_FLAGS_CPU_CACHED | c::HS_MEMORY_POOL_FLAGS_GPU_CACHED,
            );
            c::hsMemoryPoolBuilderSetSize(
                &mut pool_builder,
                pool_size_b(uniform_bytes.len() as u64),
            );
            check(
                "pool",
                c::hsMemoryPoolInitialize(&mut *rig.pool, &pool_builder),
            )?;
            let vertices = vertex_bytes();
            check(
                "vertices",
                c::hsMemoryPoolWrite(
                    &*rig.pool,
                    VERTICES_OFFSET_B,
                    vertices.as_ptr().cast(),
                    vertices.len() as u64,
                ),
            )?;
            check(
                "tints",
                c::hsMemoryPoolWrite(
                    &*rig.pool,
                    UNIFORMS_OFFSET_B,
                    uniform_bytes.as_ptr().cast(),
                    uniform_bytes.len() as u64,
                ),
            )?;

            let mut texture_builder: c::HSTextureBuilder = std::mem::zeroed();
            c::hsTextureBuilderSetDefaults(&mut texture_builder);
            c::hsTextureBuilderSetDevice(&mut texture_builder, device);
            c::hsTextureBuilderSetFormat(&mut texture_builder, c::HS_FORMAT_RGBA8);
            c::hsTextureBuilderSetSize2D(&mut texture_builder, TARGET_PX, TARGET_PX);
            c::hsTextureBuilderSetStorage(&mut texture_builder, &*rig.pool, 0);
            check(
                "target",
                c::hsTextureInitialize(&mut *rig.target, &texture_builder),
            )?;

            for (buffer, offset_b, size_b) in [
                (&mut rig.vertices, VERTICES_OFFSET_B, VERTICES_B),
                (
                    &mut rig.uniforms,
                    UNIFORMS_OFFSET_B,
                    uniform_bytes.len() as u64,
                ),
            ] {
                let mut buffer_builder: c::HSBufferBuilder = std::mem::zeroed();
                c::hsBufferBuilderSetDefaults(&mut buffer_builder);
                c::hsBufferBuilderSetDevice(&mut buffer_builder, device);
                c::hsBufferBuilderSetStorage(&mut buffer_builder, &*rig.pool, offset_b, size_b);
                check(
                    "buffer",
                    c::hsBufferInitialize(&mut **buffer, &buffer_builder),
                )?;
            }

            let shaders = [
                (c::HS_SHADER_STAGE_VERTEX, POSITION_VERT),
                (c::HS_SHADER_STAGE_FRAGMENT, TINT_FRAG),
            ]
            .map(|(stage, glsl)| c::HSShaderData {
                stage,
                code: c::HS_SHADER_CODE_GLSL,
                data: glsl.as_ptr().cast(),
                size_b: glsl.len() as u64,
            });
            check("program", c::hsProgramInitialize(&mut *rig.program, device))?;
            check(
                "shaders",
                c::hsProgramSetShaders(&*rig.program, 2, shaders.as_ptr()),
            )?;
            check(
                "command buffer",
                c::hsCommandBufferInitialize(&mut *rig.commands, device),
            )?;
            check("queue", c::hsQueueInitialize(&mut *rig.queue, device))?;
            check(
                "pool address",
                c::hsMemoryPoolGetBufferAddress(&*rig.pool, &mut rig.pool_address),
            )?;
        }
        Ok(rig)
    }

    /// The Vulkan device the rig's HSDevice opened.
    pub(super) fn vulkan_device(&self) -> anyhow::Result<std::sync::Arc<gpu_vk::Device>> {
        c::vulkan_device_of(&self.device).context("the rig's device is live")
    }

    /// One frame; also returns the time of recording alone.
    pub(super) fn frame(&mut self) -> anyhow::Result<(FrameTimes, std::time::Duration)> {
        let started = Instant::now();
        let handle = self.record()?;
        let recorded = started.elapsed();
        let calls = &self.calls;
        let commands: Commands = &*self.commands;
        // SAFETY: the rig's objects are live; the handle is the list just ended.
        unsafe {
            check("submit", (calls.submit)(&*self.queue, 1, &handle))?;
        }
        let record_submit = started.elapsed();
        // SAFETY: as above.
        unsafe {
            check("finish", (calls.finish)(&*self.queue))?;
            check("release", (calls.clear_commands)(commands))?;
        }
        Ok((
            FrameTimes {
                record_submit,
                to_fence: started.elapsed(),
            },
            recorded,
        ))
    }

    /// One frame recorded and released, nothing submitted; returns the recording's time.
    pub(super) fn record_only(&mut self) -> anyhow::Result<std::time::Duration> {
        let started = Instant::now();
        self.record()?;
        let recorded = started.elapsed();
        // SAFETY: the rig's command buffer is live.
        unsafe { check("release", (self.calls.clear_commands)(&*self.commands)) }?;
        Ok(recorded)
    }

    /// The frame's commands, ended to the command handle returned.
    fn record(&mut self) -> anyhow::Result<c::HScommandHandle> {
        let calls = &self.calls;
        let commands: Commands = &*self.commands;
        let colors = [&*self.target as *const c::HSTexture];
        let stream = c::HSVertexStream {
            stride_b: 8,
            divisor: 0,
        };
        let attribute = c::HSVertexAttribute {
            location: 0,
            stream: 0,
            component: c::HS_VERTEX_COMPONENT_FLOAT32,
            components: 2,
            offset_b: 0,
        };
        let black = [0.0f32; 4];
        let mut handle: c::HScommandHandle = 0;
        // SAFETY: the rig's objects are live; the arrays outlive the calls.
        unsafe {
            check("begin", (calls.begin)(commands))?;
            check(
                "render targets",
                (calls.set_render_targets)(
                    commands,
                    1,
                    colors.as_ptr(),
                    std::ptr::null(),
                    std::ptr::null(),
                    std::ptr::null(),
                ),
            )?;
            check(
                "clear",
                (calls.clear_color)(commands, 0, black.as_ptr(), c::HS_CLEAR_COLOR_MASK_RGBA),
            )?;
            check("streams", (calls.set_vertex_streams)(commands, 1, &stream))?;
            check(
                "attributes",
                (calls.set_vertex_attributes)(commands, 1, &attribute),
            )?;
            check("program", (calls.bind_program)(commands, &*self.program))?;
            if self.by_address {
                self.bind_by_address(commands)?;
            } else {
                self.bind_objects(commands)?;
            }
            check("end", (calls.end)(commands, &mut handle))?;
        }
        Ok(handle)
    }
}

impl CAbiRig {
    /// The frame's binds and draws, the buffers named by their objects.
    ///
    /// # Safety
    /// `commands` is the rig's command buffer, recording.
    // Out of line (called once a frame), so callgrind counts each form by its name.
    #[inline(never)]
    unsafe fn bind_objects(&self, commands: Commands) -> anyhow::Result<()> {
        let calls = &self.calls;
        // SAFETY: the rig's objects are live.
        unsafe {
            check(
                "vertices",
                (calls.bind_vertex_buffer)(commands, 0, &*self.vertices, 0, VERTICES_B),
            )?;
            for index in 0..u64::from(self.draws) {
                check(
                    "uniforms",
                    (calls.bind_uniform_buffer)(
                        commands,
                        c::HS_SHADER_STAGE_FRAGMENT,
                        0,
                        &*self.uniforms,
                        index * UNIFORM_STRIDE_B,
                        TINT_B,
                    ),
                )?;
                check(
                    "draw",
                    (calls.draw_arrays)(commands, c::HS_DRAW_PRIMITIVE_TRIANGLES, 0, 3),
                )?;
            }
        }
        Ok(())
    }

    /// The same binds and draws, the bytes named by GPU addresses: the pool's address
    /// plus the offsets of the buffers above, as a port computes them.
    ///
    /// # Safety
    /// As `bind_objects`.
    #[inline(never)]
    unsafe fn bind_by_address(&self, commands: Commands) -> anyhow::Result<()> {
        let calls = &self.calls;
        let vertices = self.pool_address + VERTICES_OFFSET_B;
        let uniforms = self.pool_address + UNIFORMS_OFFSET_B;
        // SAFETY: the rig's objects are live.
        unsafe {
            check(
                "vertices",
                (calls.bind_vertex_address)(commands, 0, vertices, VERTICES_B),
            )?;
            for index in 0..u64::from(self.draws) {
                check(
                    "uniforms",
                    (calls.bind_uniform_address)(
                        commands,
                        c::HS_SHADER_STAGE_FRAGMENT,
                        0,
                        uniforms + index * UNIFORM_STRIDE_B,
                        TINT_B,
                    ),
                )?;
                check(
                    "draw",
                    (calls.draw_arrays)(commands, c::HS_DRAW_PRIMITIVE_TRIANGLES, 0, 3),
                )?;
            }
        }
        Ok(())
    }
}

impl Drop for CAbiRig {
    fn drop(&mut self) {
        // SAFETY: each object was initialized by `new` (a failed one is refused, harmless).
        unsafe {
            c::hsQueueFinalize(&mut *self.queue);
            c::hsCommandBufferFinalize(&mut *self.commands);
            c::hsProgramFinalize(&mut *self.program);
            c::hsBufferFinalize(&mut *self.uniforms);
            c::hsBufferFinalize(&mut *self.vertices);
            c::hsTextureFinalize(&mut *self.target);
            c::hsMemoryPoolFinalize(&mut *self.pool);
            c::hsDeviceFinalize(&mut *self.device);
        }
    }
}
