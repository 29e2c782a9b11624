/*
 * hookshot.h: Hookshot's C ABI, in NVN's shape.
 *
 * Objects. The caller allocates every object: an HS* struct of 16 bytes, 8-byte aligned,
 * that holds a handle (all state lives in Hookshot), so it can sit inside a game's own
 * NVN object storage. hs*Initialize makes it (from a builder, or a device), hs*Finalize
 * ends it and clears it. Copies of an object name the same object; once it is finalized,
 * every copy is refused.
 *
 * Builders (HS*Builder, HSTextureView) are plain structs the caller owns: fill one with
 * hs*BuilderSetDefaults, change it with the setters (or its fields), pass it to
 * hs*Initialize. Pointers in a builder must stay valid until hs*Initialize returns.
 *
 * Errors. Every function returns an HSresult: HS_SUCCESS (0) or a failure code. No panic
 * crosses the ABI. A NULL or misaligned object pointer, an object never initialized or
 * already finalized, an object of another kind or of another device, a builder that was
 * never set to defaults or has a bad field, an offset or size past the end of a pool,
 * buffer or table: each fails with its code and a message, sent to tracing (target
 * "capi", on stderr through RX_VK_LOG unless the process set tracing up) and to the debug
 * callbacks (hsDeviceInstallDebugCallback). A failure whose device cannot be told (a
 * NULL or garbage object) goes to every installed callback. A failed call changes
 * nothing: a refused command is not recorded.
 *
 * Lifetimes. hsDeviceFinalize fails with HS_ERROR_BUSY while any object made on the
 * device lives: finalize them first. Finalizing a texture ends the views made of it.
 * Command handles stay good until hsCommandBufferClearCommands or the command buffer's
 * finalize.
 *
 * Threads. Every function may be called from any thread. Calls on different objects
 * may run at once: in particular several threads may record into different command
 * buffers at the same time while another thread makes objects, and one thread submits
 * (NVN's model). A command buffer is recorded by one thread at a time: the thread that
 * records a recording's first command holds the command buffer until it calls
 * hsCommandBufferEndRecording (or finalizes it), and a call on it from another thread
 * meanwhile fails with HS_ERROR_BUSY. Hand a command buffer to another thread between
 * recordings (after the end, before the next begin). Other calls on one command buffer,
 * or on one queue, from two threads at once are serialized by Hookshot, in an order it
 * does not promise. Finalizing an object while another thread uses it is the caller's
 * error; Hookshot then fails one of the calls, never crashes.
 * Debug callbacks run on the thread whose call failed.
 *
 * Memory pools. A pool lives in storage Hookshot allocates or in the game's own
 * (hsMemoryPoolBuilderSetStorage: aligned to hsGetHostPageSize, 16 KiB on Apple Silicon).
 * hsMemoryPoolMap gives the storage's first byte. Under RX_VK_WRITE_TRACKING=protect (the
 * default) every CPU write through it is seen, by page protection: the first store to a
 * page traps once (a SIGSEGV/SIGBUS handler, or a vectored exception handler on Windows,
 * that passes every other fault on to the handler installed before it). Under explicit,
 * announce writes with hsMemoryPoolFlushMappedRange, or write with hsMemoryPoolWrite /
 * hsMemoryPoolCopy.
 * Reads through it are good once the GPU work that wrote the bytes is done (hsSyncWait
 * or hsQueueFinish).
 *
 * Addresses. As in NVN, every pool has a GPU address range for its life
 * (hsMemoryPoolGetBufferAddress) and every buffer an address in it (hsBufferGetAddress);
 * the addresses are the same in a replay of the run, on any driver. Every command that
 * takes memory takes an address (the hs*Address functions, in NVN's argument order); an
 * address in no live pool, or a range past its pool's end or across two pools, is
 * refused naming the address and the nearest pool. The (HSBuffer*, offset, size) forms
 * remain for older callers. Texture and sampler pools take a slot count, not memory.
 *
 * Virtual pools. A pool made with HS_MEMORY_POOL_FLAGS_VIRTUAL has an address range and
 * shows the pages of physical pools that hsMemoryPoolMapVirtual maps under it (offsets and
 * sizes in HS_MEMORY_POOL_VIRTUAL_PAGE_SIZE pages; unmapped pages read zeros). Textures,
 * render targets and buffers made in it see whatever pages are mapped under them. On
 * every device Hookshot gives this by copying the pages a mapping change changes
 * (docs/address-model.md says what it costs); change the mapping between submissions
 * whose GPU work is done, as NVN requires.
 */

#ifndef HOOKSHOT_H
#define HOOKSHOT_H

/* Made by cbindgen from capi/src: do not edit (capi/tests/header.rs checks it). */

#include <stdint.h>
#include <stddef.h>

// Switches a device builder can set on top of the environment.
#define HS_DEVICE_BUILDER_MAX_SWITCHES 16

// Pool sizes are multiples of this.
#define HS_MEMORY_POOL_STORAGE_GRANULARITY 4096

// Set in `HSCompiledShaderData::tessellator_mode` to say the mode is given (zero, the
// unused field, is none: a tess-evaluation program's pieces without it are refused).
#define HS_TESSELLATOR_MODE_GIVEN 2147483648

// Bytes of a transform feedback control buffer: four bindings' byte counts.
#define HS_TRANSFORM_FEEDBACK_CONTROL_SIZE 16

// The major version: the soname's number (`libhookshot.so.MAJOR`); a change in it breaks
// the C ABI.
#define HS_VERSION_MAJOR 0

// The minor version: entry points added, none changed.
#define HS_VERSION_MINOR 1

// The patch version: fixes only.
#define HS_VERSION_PATCH 0

// Offsets and sizes of a mapping request are multiples of this (64 KiB).
#define HS_MEMORY_POOL_VIRTUAL_PAGE_SIZE 65536

// The most requests one `hsMemoryPoolMapVirtual` call takes.
#define HS_MEMORY_POOL_MAX_MAPPING_REQUESTS (1 << 16)

#define HS_WINDOW_MAX_TEXTURES 4

// What an entry point returns: `HS_SUCCESS` (0) or one of the failures below. Every
// failure also goes to `tracing` and to the installed debug callbacks, with its message.
typedef int32_t HSresult;

typedef struct HSCommandBuffer {
  uint64_t opaque[2];
} HSCommandBuffer;

typedef uint32_t HSdrawPrimitive;

// A GPU address (NVN's `BufferAddress`): the same for a pool's whole life and in a
// replay of the run; 0 is never one.
typedef uint64_t HSgpuAddress;

// A texture: a layout at an offset of a memory pool.
typedef struct HSTexture {
  uint64_t opaque[2];
} HSTexture;

// A box of one level of a texture, in pixels; `z` and `depth` count slices of a 3D
// texture and layers (faces of cubes) otherwise.
typedef struct HSCopyRegion {
  uint32_t x_px;
  uint32_t y_px;
  uint32_t z;
  uint32_t width_px;
  uint32_t height_px;
  uint32_t depth;
} HSCopyRegion;

typedef uint32_t HScounter;

typedef uint32_t HSconditionalRenderMode;

// A memory pool: storage textures and buffers live in.
typedef struct HSMemoryPool {
  uint64_t opaque[2];
} HSMemoryPool;

// A buffer: a range of a memory pool.
typedef struct HSBuffer {
  uint64_t opaque[2];
} HSBuffer;

typedef uint32_t HSindexType;

typedef uint32_t HSshaderStage;

// A device: the Vulkan device, the executor, the shader translator, the recording.
typedef struct HSDevice {
  uint64_t opaque[2];
} HSDevice;

typedef struct HSBufferBuilder {
  // Set by its SetDefaults function; a struct without it is refused.
  uint32_t magic;
  uint32_t reserved;
  const struct HSDevice *device;
  const struct HSMemoryPool *pool;
  uint64_t offset_b;
  uint64_t size_b;
} HSBufferBuilder;

// A texture format.
typedef uint32_t HSformat;

// What a texture is: 1D, 2D, 3D, arrays, cubes.
typedef uint32_t HStextureTarget;

typedef uint32_t HSswizzle;

// Where a view's component comes from.
// `HS_DEPTH_STENCIL_MODE_*`: in the order of `gpu::objects::DepthStencilMode`.
typedef uint32_t HSdepthStencilMode;

// A selection of a texture: levels, layers, format, target, swizzle. Plain data, used
// where a texture is bound (render targets, texture pool registrations).
typedef struct HSTextureView {
  // Set by its SetDefaults function; a struct without it is refused.
  uint32_t magic;
  uint32_t base_level;
  // 0: every level from `base_level` on.
  uint32_t level_count;
  uint32_t base_layer;
  // 0: every layer from `base_layer` on.
  uint32_t layer_count;
  // `HS_FORMAT_NONE`: the texture's (another of the same element size otherwise).
  HSformat format;
  // `HS_TEXTURE_TARGET_NONE`: the texture's.
  HStextureTarget target;
  HSswizzle swizzle[4];
  // What a shader samples of a depth/stencil texture: `HS_DEPTH_STENCIL_MODE_DEPTH`
  // (the default) or `HS_DEPTH_STENCIL_MODE_STENCIL` (as an unsigned integer texture,
  // `usampler*`).
  HSdepthStencilMode depth_stencil_mode;
} HSTextureView;

// Colour channel bits of clears and write masks.
typedef uint32_t HSclearColorMask;

// Logic ops 0 CLEAR .. 15 SET in OpenGL's order; `HS_LOGIC_OP_NONE` turns it off.
typedef uint32_t HSlogicOp;

// Comparisons, for depth-compare samplers and depth/stencil tests.
typedef uint32_t HScompareFunc;

// NVN's colour state (deko3d's `DkColorState`).
typedef struct HSColorState {
  // Bit n (0-7): blending on for colour target n; a clear bit turns it off.
  uint32_t blend_enable_mask;
  // `HS_LOGIC_OP_NONE`: no logic op.
  HSlogicOp logic_op;
  // The alpha test's compare (NVN's `AlphaFunc`); `HS_COMPARE_ALWAYS` turns it off.
  HScompareFunc alpha_compare;
  // The alpha test's reference (NVN sets it with the command buffer's `SetAlphaRef`).
  float alpha_reference;
} HSColorState;

// A finished command list, for `hsQueueSubmitCommands`.
typedef uint64_t HScommandHandle;

// A program: one shader per stage.
typedef struct HSProgram {
  uint64_t opaque[2];
} HSProgram;

// A table of texture descriptors that texture and image handles index.
typedef struct HSTexturePool {
  uint64_t opaque[2];
} HSTexturePool;

// A table of sampler descriptors that texture handles index.
typedef struct HSSamplerPool {
  uint64_t opaque[2];
} HSSamplerPool;

// What later work waits for (NVN's barrier order bits).
typedef uint32_t HSbarrierBits;

typedef struct HSSync {
  uint64_t opaque[2];
} HSSync;

typedef uint32_t HSsyncCondition;

// How to make a device. Plain data: set it with `hsDeviceBuilderSetDefaults` and the
// setters; the strings it points to must live until `hsDeviceInitialize` returns.
typedef struct HSDeviceBuilder {
  // Set by `hsDeviceBuilderSetDefaults`; a builder without it is refused.
  uint32_t magic;
  uint32_t switch_count;
  // `RX_VK_*` switches (name, value) that win over the environment's.
  const char *switch_names[HS_DEVICE_BUILDER_MAX_SWITCHES];
  const char *switch_values[HS_DEVICE_BUILDER_MAX_SWITCHES];
  // Where to record everything the device does (`hookshot replay` plays it); NULL: no
  // recording.
  const char *recording_path;
  // The game's title id, name and version (`hsDeviceBuilderSetTitle`); NULL: none.
  const char *title_id;
  const char *title_name;
  const char *title_version;
} HSDeviceBuilder;

// How serious a debug message is.
typedef uint32_t HSdebugSeverity;

// A debug callback: the severity, the entry point that failed (e.g.
// "hsCommandBufferDrawArrays"), the message, and the pointer given at install. Both
// strings live only during the call. It may run on any thread that calls Hookshot.
typedef void (*HSdebugCallback)(HSdebugSeverity severity,
                                const char *function,
                                const char *message,
                                void *user_data);

// One programmable sample location: `x` across and `y` down a pixel, each in
// `0.0..1.0` (NVN's and deko3d's `DkSampleLocation`), rounded to the nearest 1/16.
typedef struct HSSampleLocation {
  float x;
  float y;
} HSSampleLocation;

// Graphics pipeline compiles (`hsDeviceGetPipelineStats`).
typedef struct HSPipelineStats {
  // Graphics pipelines made during the last frame, and the nanoseconds spent on them.
  uint64_t graphics_last_frame;
  uint64_t compile_ns_last_frame;
  // The same since the device was made.
  uint64_t graphics_total;
  uint64_t compile_ns_total;
  // Frames that waited on at least one compile, and the longest time one frame spent
  // compiling, in nanoseconds.
  uint64_t frames_waited;
  uint64_t worst_frame_compile_ns;
  // Of `graphics_total`, the pipelines linked from stage libraries without
  // optimisation (where the device offers `VK_EXT_graphics_pipeline_library`; 0
  // elsewhere or under `RX_VK_PIPELINE_LIBRARY=0`).
  uint64_t fast_linked_total;
  // Optimised pipelines linked in the background and put in place of fast-linked
  // ones since the device was made (no frame waits for them).
  uint64_t optimised_total;
} HSPipelineStats;

// Memory pool flags, NVN's bits: one CPU and one GPU access, and the rest as wanted.
typedef uint32_t HSmemoryPoolFlags;

typedef struct HSMemoryPoolBuilder {
  // Set by its SetDefaults function; a struct without it is refused.
  uint32_t magic;
  // Default CPU_UNCACHED | GPU_CACHED.
  HSmemoryPoolFlags flags;
  const struct HSDevice *device;
  // A non-zero multiple of `HS_MEMORY_POOL_STORAGE_GRANULARITY`.
  uint64_t size_b;
  // The game's own storage for the pool, or NULL for storage Hookshot allocates.
  void *storage;
} HSMemoryPoolBuilder;

// A window: textures presented in turn, and the display window they show in, if any.
typedef struct HSWindow {
  uint64_t opaque[2];
} HSWindow;

// The present mode of a window's display window (`hsWindowGetPresentMode`).
typedef uint32_t HSpresentMode;

// Any entry point; cast it to its real type before calling it.
typedef void (*HSgenericFuncPtr)(void);

// What a shader's bytes are.
typedef uint32_t HSshaderCode;

// One stage's shader for `hsProgramSetShaders`.
typedef struct HSShaderData {
  HSshaderStage stage;
  HSshaderCode code;
  const void *data;
  uint64_t size_b;
} HSShaderData;

// Where a compiled program's resources sit as NVN slots. Arrays are per stage, indexed
// by HSshaderStage (vertex, tess control, tess evaluation, geometry, fragment, compute).
typedef struct HSMaxwellSlotMap {
  // The immediate texture handle of texture slot 0; slot N is this + N.
  uint32_t texture_handle_base[6];
  // The byte offset, in the driver's constant buffer, of storage binding 0's 64-bit
  // address; binding N's is `storage_stride_b` x N further.
  uint32_t storage_address_b[6];
  uint32_t storage_stride_b;
  // The hardware constant buffer (0-17) of uniform block 0; block N is this + N.
  uint32_t uniform_cbuf_base;
  // The hardware constant buffer (0-17) the driver keeps its constants in.
  uint32_t driver_cbuf;
} HSMaxwellSlotMap;

// How an `HSCompiledShaderData` holds its program.
typedef uint32_t HScompiledCode;

// One stage's compiled program for `hsProgramSetCompiledShaders`. Fields a form does
// not use must be zero (NULL).
typedef struct HSCompiledShaderData {
  HSshaderStage stage;
  HScompiledCode code;
  const void *data;
  uint64_t size_b;
  const void *sph;
  uint64_t sph_size_b;
  const void *constbuf1;
  uint64_t constbuf1_size_b;
  // Compute pieces: the workgroup size (local_size x, y, z).
  uint32_t block_dims[3];
  // Compute pieces: the shared memory the code addresses, in bytes.
  uint32_t shared_memory_b;
  // Tess-evaluation pieces: `HS_TESSELLATOR_MODE_GIVEN` | the tessellator mode the
  // DKSH program header would hold (its `param_c8`: bits 0-1 the domain, 0 isolines,
  // 1 triangles, 2 quads; bits 4-5 the spacing, 0 equal, 1 fractional odd, 2
  // fractional even; bit 8 clockwise; bit 9 connected triangles, neither of 8-9 point
  // mode). Zero for every other stage and form.
  uint32_t tessellator_mode;
} HSCompiledShaderData;

// The format of each image slot of a compiled program, per stage (indexed by
// HSshaderStage) and NVN image slot (0-7): one of HS_FORMAT_R32UI, R32I, R32F, RGBA8,
// RGBA8SN, RGBA8UI, RGBA8I, RGBA16F, RGBA16UI, RGBA16I, RGBA32F, RGBA32UI, RGBA32I, or
// HS_FORMAT_NONE (not stated: r32ui, and a signed image min/max whose slot uam's
// encoding leaves in doubt is not taken to be there).
typedef struct HSMaxwellImageFormats {
  HSformat formats[6][8];
} HSMaxwellImageFormats;

typedef struct HSQueue {
  uint64_t opaque[2];
} HSQueue;

// Blend factors, in the order of `gpu::state::BlendFactor` (0 ZERO, 1 ONE, 2 SRC_COLOR,
// 3 ONE_MINUS_SRC_COLOR, 4 SRC_ALPHA, 5 ONE_MINUS_SRC_ALPHA, 6 DST_ALPHA,
// 7 ONE_MINUS_DST_ALPHA, 8 DST_COLOR, 9 ONE_MINUS_DST_COLOR, 10 SRC_ALPHA_SATURATE,
// 11 CONSTANT_COLOR, 12 ONE_MINUS_CONSTANT_COLOR, 13 CONSTANT_ALPHA,
// 14 ONE_MINUS_CONSTANT_ALPHA, 15-18 the dual-source factors).
typedef uint32_t HSblendFunc;

typedef uint32_t HSblendEquation;

typedef struct HSBlendState {
  // 0 or 1.
  uint32_t enabled;
  HSblendFunc color_src;
  HSblendFunc color_dst;
  HSblendEquation color_equation;
  HSblendFunc alpha_src;
  HSblendFunc alpha_dst;
  HSblendEquation alpha_equation;
} HSBlendState;

// Stencil ops 0 KEEP, 1 ZERO, 2 REPLACE, 3 INCR, 4 DECR, 5 INVERT, 6 INCR_WRAP,
// 7 DECR_WRAP.
typedef uint32_t HSstencilOp;

typedef struct HSStencilFace {
  HSstencilOp fail;
  HSstencilOp depth_fail;
  HSstencilOp pass;
  HScompareFunc compare;
  uint32_t reference;
  uint32_t read_mask;
  uint32_t write_mask;
} HSStencilFace;

typedef struct HSDepthStencilState {
  uint32_t depth_test;
  uint32_t depth_write;
  HScompareFunc depth_compare;
  uint32_t stencil_test;
  struct HSStencilFace front;
  struct HSStencilFace back;
} HSDepthStencilState;

typedef uint32_t HScullMode;

typedef uint32_t HSfrontFace;

typedef uint32_t HSpolygonMode;

typedef struct HSRasterizerState {
  HScullMode cull;
  HSfrontFace front_face;
  HSpolygonMode polygon_mode;
  uint32_t depth_clamp;
  // 1: primitives are dropped before rasterization.
  uint32_t discard;
  float line_width_px;
  float point_size_px;
} HSRasterizerState;

typedef struct HSPolygonOffset {
  float factor;
  float units;
  float clamp;
  uint32_t fill;
  uint32_t line;
  uint32_t point;
} HSPolygonOffset;

typedef struct HSViewport {
  float x_px;
  float y_px;
  float width_px;
  float height_px;
  float min_depth;
  float max_depth;
} HSViewport;

typedef struct HSScissor {
  int32_t x_px;
  int32_t y_px;
  uint32_t width_px;
  uint32_t height_px;
} HSScissor;

// Vertex component kinds, in the order of `gpu::state::ComponentKind` (0 FLOAT32,
// 1 FLOAT16, 2 UNORM8, 3 SNORM8, 4 UINT8, 5 SINT8, 6 UNORM16, 7 SNORM16, 8 UINT16,
// 9 SINT16, 10 UINT32, 11 SINT32, 12 UNORM_10_10_10_2, 13 UINT_10_10_10_2, 14 UNORM8_BGRA:
// bytes B, G, R, A read as R, G, B, A; 15 UFLOAT_11_11_10 (3 components), 16
// SNORM_10_10_10_2, 17 SINT_10_10_10_2, 18 SSCALED_10_10_10_2: refused by
// `hsCommandBufferSetVertexAttribState` where the device cannot fetch them, naming the
// Vulkan format).
typedef uint32_t HSvertexComponent;

typedef struct HSVertexAttribute {
  uint32_t location;
  uint32_t stream;
  HSvertexComponent component;
  // 1 to 4 (4 for UNORM_10_10_10_2, UINT_10_10_10_2 and UNORM8_BGRA).
  uint32_t components;
  uint32_t offset_b;
} HSVertexAttribute;

typedef struct HSVertexStream {
  uint32_t stride_b;
  // 0: per vertex; N: per N instances.
  uint32_t divisor;
} HSVertexStream;

// Clip-space depth: [0, 1] (Vulkan's) or [-1, 1] with near at -w (NVN's default).
typedef uint32_t HSdepthMode;

// Where window y = 0 lies: the target's first row (Vulkan's) or its last (NVN's default).
typedef uint32_t HSwindowOrigin;

// Which way clip-space +y points (deko3d's `DkDeviceFlags_YAxisPoints*`).
typedef uint32_t HSclipYAxis;

// Which vertex of a primitive gives flat-shaded values.
typedef uint32_t HSprovokingVertex;

typedef uint32_t HSfilter;

typedef uint32_t HSmipFilter;

typedef uint32_t HSwrapMode;

typedef struct HSSamplerBuilder {
  // Set by its SetDefaults function; a struct without it is refused.
  uint32_t magic;
  HSfilter min_filter;
  HSfilter mag_filter;
  HSmipFilter mip_filter;
  // u, v, w.
  HSwrapMode wrap[3];
  // 1: a depth-compare sampler using `compare`.
  uint32_t compare_enabled;
  HScompareFunc compare;
  float min_lod;
  float max_lod;
  float lod_bias;
  float max_anisotropy;
  float border_color[4];
  const struct HSDevice *device;
} HSSamplerBuilder;

typedef struct HSSampler {
  uint64_t opaque[2];
} HSSampler;

// Whether a frame's GPU time was measured (`HSDeviceStats::gpu_time_state`).
typedef uint32_t HSgpuTimeState;

// The device's figures now (`hsDeviceGetStats`).
typedef struct HSDeviceStats {
  // Presents so far.
  uint64_t frames;
  // The last frame's CPU time (present to present) in milliseconds; 0 before the
  // second present.
  float frame_time_ms;
  // Frames a second over the last 120 frames.
  float frames_per_second;
  // Pipelines compiled during the last frame: a stutter shows here.
  uint64_t pipelines_last_frame;
  uint64_t pipelines_total;
  // Regions of GPU-drawn textures written back into pool storage during the last frame.
  uint64_t write_back_regions_last_frame;
  // CPU writes to pool memory seen by page protection during the last frame.
  uint64_t traps_last_frame;
  // Host images and Hookshot's own buffers, in bytes.
  uint64_t image_memory_b;
  uint64_t buffer_memory_b;
  // The image cache: bytes in use and the budget they are kept under.
  uint64_t texture_in_use_b;
  uint64_t texture_budget_b;
  // Images the cache holds, and those it has evicted so far.
  uint64_t cached_images;
  uint64_t evictions;
  // Raw pointer accesses in shaders that hit no live pool so far (each read 0 or had
  // its write dropped), counted once their submission completed.
  uint64_t raw_pointer_misses;
  // Whether `gpu_frame_time_ms` holds a figure: `HS_GPU_TIME_MEASURED`, or
  // `HS_GPU_TIME_PENDING` (no frame measured yet) or `HS_GPU_TIME_NO_TIMESTAMPS` (the
  // queue writes no timestamps: GPU time is never measured).
  HSgpuTimeState gpu_time_state;
  // The GPU time of the latest measured frame (its submissions' commands, idle gaps
  // left out) in milliseconds; it lags the presents by a frame or two, its timestamps
  // being read without waiting. 0 unless `gpu_time_state` is `HS_GPU_TIME_MEASURED`.
  float gpu_frame_time_ms;
  // The present (1-based, as `frames` counts) that ended the frame measured.
  uint64_t gpu_time_frame;
  // The last raw pointer miss reported: one missed address (0 before any miss) and
  // the tag of the shader that missed there (`hsProgramGetMissTag`).
  uint64_t last_raw_pointer_miss_address;
  uint32_t last_raw_pointer_miss_program;
  // Shader modules the device translated since it was made (programs set from GLSL,
  // SPIR-V or compiled Maxwell code; a compiled geometry program counts one a
  // primitive class): a translation is a stutter a warm shader cache saves.
  uint64_t shaders_translated_total;
  // Shader modules taken whole from the shader cache since the device was made (a
  // title warmed with `hookshot warm` takes every one from there).
  uint64_t shader_cache_hits_total;
  // CPU time of the submissions so far, in nanoseconds: in all, and of it preparing
  // the lists and recording their Vulkan commands. This part is translated one list at
  // a time, so it is what a second thread's submit waits behind (docs/threads.md).
  uint64_t submit_ns;
  uint64_t submit_prepare_ns;
  uint64_t submit_record_ns;
  // Lists whose passes and draws the submitting thread recorded into Vulkan commands
  // without the lock, and the CPU time of that recording over all threads, in
  // nanoseconds (not in `submit_ns`).
  uint64_t submit_split_lists;
  uint64_t submit_body_ns;
} HSDeviceStats;

typedef uint32_t HSsyncWaitResult;

// Texture flags: NVN's that change what Hookshot may do with the storage, and LINEAR.
typedef uint32_t HStextureFlags;

typedef struct HSTextureBuilder {
  // Set by its SetDefaults function; a struct without it is refused.
  uint32_t magic;
  // Default `HS_TEXTURE_TARGET_2D`.
  HStextureTarget target;
  HSformat format;
  HStextureFlags flags;
  uint32_t width_px;
  uint32_t height_px;
  // Slices of a 3D texture, layers of an array (faces of a cube array: 6 a cube); 1
  // otherwise.
  uint32_t depth;
  uint32_t levels;
  uint32_t samples;
  // Block height in GOBs (1, 2, 4, 8, 16, 32); 0 picks it from the height.
  uint32_t block_height_gobs;
  const struct HSDevice *device;
  const struct HSMemoryPool *pool;
  uint64_t offset_b;
} HSTextureBuilder;

// NVN's storage class: the page kind pages are mapped with.
typedef uint32_t HSstorageClass;

// NVN's `MappingRequest`: `size` bytes at `virtualOffset` of the virtual pool map
// `physicalPool`'s bytes at `physicalOffset`, with `storageClass`. A NULL
// `physicalPool` unmaps the range (its pages then read zeros).
typedef struct HSmappingRequest {
  const struct HSMemoryPool *physicalPool;
  int64_t physicalOffset;
  int64_t virtualOffset;
  uint64_t size;
  HSstorageClass storageClass;
} HSmappingRequest;

// How a device gives virtual pools their pages.
typedef uint32_t HSvirtualPoolPath;

// What kind of display window `HSNativeWindow` names.
typedef uint32_t HSnativeWindowKind;

// A display window, by its native handles; it must outlive the `HSWindow`.
typedef struct HSNativeWindow {
  HSnativeWindowKind kind;
  // The X screen (Xlib, XCB); 0 otherwise.
  int32_t screen;
  void *display;
  uint64_t window;
  uint32_t width_px;
  uint32_t height_px;
} HSNativeWindow;

typedef struct HSWindowBuilder {
  // Set by its SetDefaults function; a struct without it is refused.
  uint32_t magic;
  uint32_t texture_count;
  const struct HSDevice *device;
  const struct HSTexture *textures[HS_WINDOW_MAX_TEXTURES];
  // Vertical blanks between presents (0: do not wait).
  uint32_t present_interval;
  uint32_t reserved;
  struct HSNativeWindow native;
} HSWindowBuilder;

#define HS_DRAW_PRIMITIVE_POINTS 0

#define HS_DRAW_PRIMITIVE_LINES 1

#define HS_DRAW_PRIMITIVE_LINE_LOOP 2

#define HS_DRAW_PRIMITIVE_LINE_STRIP 3

#define HS_DRAW_PRIMITIVE_TRIANGLES 4

#define HS_DRAW_PRIMITIVE_TRIANGLE_STRIP 5

#define HS_DRAW_PRIMITIVE_TRIANGLE_FAN 6

#define HS_DRAW_PRIMITIVE_QUADS 7

#define HS_DRAW_PRIMITIVE_QUAD_STRIP 8

#define HS_DRAW_PRIMITIVE_POLYGON 9

#define HS_DRAW_PRIMITIVE_LINES_ADJACENCY 10

#define HS_DRAW_PRIMITIVE_LINE_STRIP_ADJACENCY 11

#define HS_DRAW_PRIMITIVE_TRIANGLES_ADJACENCY 12

#define HS_DRAW_PRIMITIVE_TRIANGLE_STRIP_ADJACENCY 13

#define HS_DRAW_PRIMITIVE_PATCHES 14

#define HS_INDEX_TYPE_UNSIGNED_BYTE 0

#define HS_INDEX_TYPE_UNSIGNED_SHORT 1

#define HS_INDEX_TYPE_UNSIGNED_INT 2

#define HS_CLEAR_COLOR_MASK_R 1

#define HS_CLEAR_COLOR_MASK_G 2

#define HS_CLEAR_COLOR_MASK_B 4

#define HS_CLEAR_COLOR_MASK_A 8

#define HS_CLEAR_COLOR_MASK_RGBA 15

#define HS_BARRIER_ORDER_PRIMITIVES 1

#define HS_BARRIER_ORDER_FRAGMENTS 2

#define HS_BARRIER_ORDER_FRAGMENTS_TILED 4

#define HS_BARRIER_ORDER_INDIRECT_DATA 8

// Caches a barrier invalidates, in the bits above the order bits.
#define HS_BARRIER_INVALIDATE_TEXTURE 256

#define HS_BARRIER_INVALIDATE_SHADER 512

#define HS_BARRIER_INVALIDATE_TEXTURE_DESCRIPTOR 1024

#define HS_BARRIER_INVALIDATE_ZCULL 2048

#define HS_BARRIER_INVALIDATE_L2_CACHE 4096

#define HS_COUNTER_TIMESTAMP_PIPELINE_TOP 0

#define HS_COUNTER_TIMESTAMP 1

#define HS_COUNTER_SAMPLES_PASSED 2

#define HS_COUNTER_ZCULL_STATS 3

#define HS_COUNTER_INPUT_VERTICES 4

#define HS_COUNTER_INPUT_PRIMITIVES 5

#define HS_COUNTER_VERTEX_SHADER_INVOCATIONS 6

#define HS_COUNTER_TESS_CONTROL_SHADER_INVOCATIONS 7

#define HS_COUNTER_TESS_EVALUATION_SHADER_INVOCATIONS 8

#define HS_COUNTER_GEOMETRY_SHADER_INVOCATIONS 9

#define HS_COUNTER_FRAGMENT_SHADER_INVOCATIONS 10

#define HS_COUNTER_TESS_EVALUATION_SHADER_PRIMITIVES 11

#define HS_COUNTER_GEOMETRY_SHADER_PRIMITIVES 12

#define HS_COUNTER_CLIPPER_INPUT_PRIMITIVES 13

#define HS_COUNTER_CLIPPER_OUTPUT_PRIMITIVES 14

#define HS_COUNTER_PRIMITIVES_GENERATED 15

#define HS_COUNTER_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN 16

// Draws and clears run when the two reports' values are equal.
#define HS_CONDITIONAL_RENDER_MODE_RENDER_IF_EQUAL 0

// Draws and clears run when they differ.
#define HS_CONDITIONAL_RENDER_MODE_RENDER_IF_NOT_EQUAL 1

// In a view: the texture's own format.
#define HS_FORMAT_NONE 0

#define HS_FORMAT_R8 1

#define HS_FORMAT_R8SN 2

#define HS_FORMAT_R8UI 3

#define HS_FORMAT_R8I 4

#define HS_FORMAT_R16 5

#define HS_FORMAT_R16SN 6

#define HS_FORMAT_R16UI 7

#define HS_FORMAT_R16I 8

#define HS_FORMAT_R16F 9

#define HS_FORMAT_R32UI 10

#define HS_FORMAT_R32I 11

#define HS_FORMAT_R32F 12

#define HS_FORMAT_RG8 13

#define HS_FORMAT_RG8SN 14

#define HS_FORMAT_RG8UI 15

#define HS_FORMAT_RG8I 16

#define HS_FORMAT_RG16 17

#define HS_FORMAT_RG16SN 18

#define HS_FORMAT_RG16UI 19

#define HS_FORMAT_RG16I 20

#define HS_FORMAT_RG16F 21

#define HS_FORMAT_RG32UI 22

#define HS_FORMAT_RG32I 23

#define HS_FORMAT_RG32F 24

#define HS_FORMAT_RGBA8 25

#define HS_FORMAT_RGBA8SN 26

#define HS_FORMAT_RGBA8UI 27

#define HS_FORMAT_RGBA8I 28

#define HS_FORMAT_RGBA16 29

#define HS_FORMAT_RGBA16SN 30

#define HS_FORMAT_RGBA16UI 31

#define HS_FORMAT_RGBA16I 32

#define HS_FORMAT_RGBA16F 33

#define HS_FORMAT_RGBA32UI 34

#define HS_FORMAT_RGBA32I 35

#define HS_FORMAT_RGBA32F 36

#define HS_FORMAT_RGBA8_SRGB 37

#define HS_FORMAT_BGRA8 38

#define HS_FORMAT_BGRA8_SRGB 39

#define HS_FORMAT_RGB565 40

#define HS_FORMAT_BGR565 41

#define HS_FORMAT_RGB5A1 42

#define HS_FORMAT_BGR5A1 43

#define HS_FORMAT_RGBA4 44

#define HS_FORMAT_RGB10A2 45

#define HS_FORMAT_RGB10A2UI 46

#define HS_FORMAT_RG11B10F 47

#define HS_FORMAT_RGB9E5F 48

#define HS_FORMAT_S8 49

#define HS_FORMAT_Z16 50

#define HS_FORMAT_Z24S8 51

#define HS_FORMAT_Z32F 52

#define HS_FORMAT_Z32F_S8 53

#define HS_FORMAT_BC1 54

#define HS_FORMAT_BC1_SRGB 55

#define HS_FORMAT_BC2 56

#define HS_FORMAT_BC2_SRGB 57

#define HS_FORMAT_BC3 58

#define HS_FORMAT_BC3_SRGB 59

#define HS_FORMAT_BC4 60

#define HS_FORMAT_BC4_SN 61

#define HS_FORMAT_BC5 62

#define HS_FORMAT_BC5_SN 63

#define HS_FORMAT_BC6 64

#define HS_FORMAT_BC6_SF 65

#define HS_FORMAT_BC7 66

#define HS_FORMAT_BC7_SRGB 67

#define HS_FORMAT_ASTC_4X4 68

#define HS_FORMAT_ASTC_5X4 69

#define HS_FORMAT_ASTC_5X5 70

#define HS_FORMAT_ASTC_6X5 71

#define HS_FORMAT_ASTC_6X6 72

#define HS_FORMAT_ASTC_8X5 73

#define HS_FORMAT_ASTC_8X6 74

#define HS_FORMAT_ASTC_8X8 75

#define HS_FORMAT_ASTC_10X5 76

#define HS_FORMAT_ASTC_10X6 77

#define HS_FORMAT_ASTC_10X8 78

#define HS_FORMAT_ASTC_10X10 79

#define HS_FORMAT_ASTC_12X10 80

#define HS_FORMAT_ASTC_12X12 81

#define HS_FORMAT_ASTC_4X4_SRGB 82

#define HS_FORMAT_ASTC_5X4_SRGB 83

#define HS_FORMAT_ASTC_5X5_SRGB 84

#define HS_FORMAT_ASTC_6X5_SRGB 85

#define HS_FORMAT_ASTC_6X6_SRGB 86

#define HS_FORMAT_ASTC_8X5_SRGB 87

#define HS_FORMAT_ASTC_8X6_SRGB 88

#define HS_FORMAT_ASTC_8X8_SRGB 89

#define HS_FORMAT_ASTC_10X5_SRGB 90

#define HS_FORMAT_ASTC_10X6_SRGB 91

#define HS_FORMAT_ASTC_10X8_SRGB 92

#define HS_FORMAT_ASTC_10X10_SRGB 93

#define HS_FORMAT_ASTC_12X10_SRGB 94

#define HS_FORMAT_ASTC_12X12_SRGB 95

#define HS_FORMAT_RGBX8 96

#define HS_FORMAT_RGBX8_SRGB 97

#define HS_FORMAT_BGRX8 98

#define HS_FORMAT_BGRX8_SRGB 99

#define HS_FORMAT_A1BGR5 100

#define HS_FORMAT_Z24X8 101

#define HS_FORMAT_ETC2_RGB 102

#define HS_FORMAT_ETC2_RGB_SRGB 103

#define HS_FORMAT_ETC2_RGB_PTA 104

#define HS_FORMAT_ETC2_RGB_PTA_SRGB 105

#define HS_FORMAT_ETC2_RGBA 106

#define HS_FORMAT_ETC2_RGBA_SRGB 107

#define HS_FORMAT_RGB32UI 108

#define HS_FORMAT_RGB32I 109

#define HS_FORMAT_RGB32F 110

// NVN's RGB-only BC1: index 3 of a three-colour block is opaque black (HS_FORMAT_BC1
// makes it transparent).
#define HS_FORMAT_BC1_RGB 111

#define HS_FORMAT_BC1_RGB_SRGB 112

#define HS_MEMORY_POOL_FLAGS_CPU_NO_ACCESS 1

#define HS_MEMORY_POOL_FLAGS_CPU_UNCACHED 2

#define HS_MEMORY_POOL_FLAGS_CPU_CACHED 4

#define HS_MEMORY_POOL_FLAGS_GPU_NO_ACCESS 8

#define HS_MEMORY_POOL_FLAGS_GPU_UNCACHED 16

#define HS_MEMORY_POOL_FLAGS_GPU_CACHED 32

#define HS_MEMORY_POOL_FLAGS_SHADER_CODE 64

#define HS_MEMORY_POOL_FLAGS_COMPRESSIBLE 128

#define HS_MEMORY_POOL_FLAGS_PHYSICAL 256

#define HS_MEMORY_POOL_FLAGS_VIRTUAL 512

// The window has no display window.
#define HS_PRESENT_MODE_NONE 0

// Each present waits for a vertical blank (interval 1).
#define HS_PRESENT_MODE_FIFO 1

// No wait; the newest frame replaces a queued one, without tearing (interval 0).
#define HS_PRESENT_MODE_MAILBOX 2

// No wait; frames may tear (interval 0 where the surface lacks MAILBOX).
#define HS_PRESENT_MODE_IMMEDIATE 3

#define HS_SHADER_STAGE_VERTEX 0

#define HS_SHADER_STAGE_TESS_CONTROL 1

#define HS_SHADER_STAGE_TESS_EVALUATION 2

#define HS_SHADER_STAGE_GEOMETRY 3

#define HS_SHADER_STAGE_FRAGMENT 4

#define HS_SHADER_STAGE_COMPUTE 5

// GLSL 4.50 text in NVN's binding model (`size_b` bytes, no NUL needed).
#define HS_SHADER_CODE_GLSL 1

// A SPIR-V module in NVN's binding model (descriptor set 0, binding = NVN slot).
#define HS_SHADER_CODE_SPIRV 2

// A DKSH module holding one program (`data`, `size_b`); its program type must be `stage`.
#define HS_COMPILED_CODE_DKSH 1

// The program's pieces: `sph` (80 bytes; NULL for compute), `data`/`size_b` the
// instruction stream (32-byte bundles, scheduling words included, from the first bundle
// after the SPH), `constbuf1` (the compiler constant buffer, hardware c1; may be empty)
// and, for compute, `block_dims` and `shared_memory_b`; for tess evaluation,
// `tessellator_mode`.
#define HS_COMPILED_CODE_PARTS 2

#define HS_BLEND_FUNC_ZERO 0

#define HS_BLEND_FUNC_ONE 1

#define HS_BLEND_FUNC_SRC_ALPHA 4

#define HS_BLEND_FUNC_ONE_MINUS_SRC_ALPHA 5

#define HS_BLEND_EQUATION_ADD 0

#define HS_BLEND_EQUATION_SUB 1

#define HS_BLEND_EQUATION_REVERSE_SUB 2

#define HS_BLEND_EQUATION_MIN 3

#define HS_BLEND_EQUATION_MAX 4

#define HS_DEPTH_MODE_ZERO_TO_ONE 0

#define HS_DEPTH_MODE_MINUS_ONE_TO_ONE 1

// NVN's default (deko3d's): the image stored the right way up, clip-space +y on a
// viewport's first row.
#define HS_WINDOW_ORIGIN_UPPER_LEFT 0

// OpenGL's: the image stored upside down, clip-space +y on a viewport's last row, the
// front face's winding reversed.
#define HS_WINDOW_ORIGIN_LOWER_LEFT 1

// The default: +y towards the top of the picture (NVN's, OpenGL's).
#define HS_CLIP_Y_AXIS_UP 0

// +y towards the bottom (Vulkan's, with an upper-left origin).
#define HS_CLIP_Y_AXIS_DOWN 1

#define HS_PROVOKING_VERTEX_FIRST 0

#define HS_PROVOKING_VERTEX_LAST 1

#define HS_LOGIC_OP_COPY 3

#define HS_LOGIC_OP_NONE 4294967295

#define HS_STENCIL_OP_KEEP 0

#define HS_STENCIL_OP_REPLACE 2

#define HS_CULL_MODE_NONE 0

#define HS_CULL_MODE_FRONT 1

#define HS_CULL_MODE_BACK 2

#define HS_CULL_MODE_FRONT_AND_BACK 3

#define HS_FRONT_FACE_CCW 0

#define HS_FRONT_FACE_CW 1

#define HS_POLYGON_MODE_FILL 0

#define HS_POLYGON_MODE_LINE 1

#define HS_POLYGON_MODE_POINT 2

#define HS_VERTEX_COMPONENT_FLOAT32 0

#define HS_VERTEX_COMPONENT_UNORM8 2

#define HS_VERTEX_COMPONENT_UFLOAT_11_11_10 15

#define HS_VERTEX_COMPONENT_SNORM_10_10_10_2 16

#define HS_VERTEX_COMPONENT_SINT_10_10_10_2 17

#define HS_VERTEX_COMPONENT_SSCALED_10_10_10_2 18

#define HS_DEBUG_SEVERITY_ERROR 1

#define HS_DEBUG_SEVERITY_WARNING 2

#define HS_DEBUG_SEVERITY_INFO 3

#define HS_SUCCESS 0

// A null, misaligned, uninitialized, finalized or foreign object pointer, or an object of
// another kind than the function takes.
#define HS_ERROR_INVALID_OBJECT 1

// A builder field, an enum value or a pointer argument the function cannot take.
#define HS_ERROR_INVALID_ARGUMENT 2

// An offset or size past the end of a pool, buffer, table or texture.
#define HS_ERROR_OUT_OF_RANGE 3

// The object is still in use: a device with live objects, a command buffer recording.
#define HS_ERROR_BUSY 4

// Hookshot refused the work (a command it cannot record, a submission it cannot take).
#define HS_ERROR_REFUSED 5

// The Vulkan device, the shader translator or the recording file failed.
#define HS_ERROR_DEVICE 6

// A bug in Hookshot (a caught panic); the message says where.
#define HS_ERROR_INTERNAL 7

#define HS_FILTER_NEAREST 0

#define HS_FILTER_LINEAR 1

#define HS_MIP_FILTER_NONE 0

#define HS_MIP_FILTER_NEAREST 1

#define HS_MIP_FILTER_LINEAR 2

#define HS_WRAP_MODE_REPEAT 0

#define HS_WRAP_MODE_MIRRORED_REPEAT 1

#define HS_WRAP_MODE_CLAMP_TO_EDGE 2

#define HS_WRAP_MODE_CLAMP_TO_BORDER 3

#define HS_WRAP_MODE_MIRROR_CLAMP_TO_EDGE 4

#define HS_COMPARE_NEVER 0

#define HS_COMPARE_LESS 1

#define HS_COMPARE_EQUAL 2

#define HS_COMPARE_LEQUAL 3

#define HS_COMPARE_GREATER 4

#define HS_COMPARE_NOTEQUAL 5

#define HS_COMPARE_GEQUAL 6

#define HS_COMPARE_ALWAYS 7

#define HS_GPU_TIME_PENDING 0

#define HS_GPU_TIME_MEASURED 1

#define HS_GPU_TIME_NO_TIMESTAMPS 2

#define HS_SYNC_CONDITION_ALL_GPU_COMMANDS_COMPLETE 0

#define HS_SYNC_CONDITION_GRAPHICS_WORLD_SPACE_COMPLETE 1

// The sync's last signal came within the timeout.
#define HS_SYNC_WAIT_RESULT_CONDITION_SATISFIED 1

#define HS_SYNC_WAIT_RESULT_TIMEOUT_EXPIRED 2

// Nothing was ever fenced on the sync: there is nothing to wait for.
#define HS_SYNC_WAIT_RESULT_NEVER_SIGNALED 3

// In a view: the texture's own target.
#define HS_TEXTURE_TARGET_NONE 0

#define HS_TEXTURE_TARGET_1D 1

#define HS_TEXTURE_TARGET_2D 2

#define HS_TEXTURE_TARGET_3D 3

#define HS_TEXTURE_TARGET_1D_ARRAY 4

#define HS_TEXTURE_TARGET_2D_ARRAY 5

#define HS_TEXTURE_TARGET_2D_MULTISAMPLE 6

#define HS_TEXTURE_TARGET_CUBE 7

#define HS_TEXTURE_TARGET_CUBE_ARRAY 8

#define HS_TEXTURE_TARGET_RECTANGLE 9

#define HS_TEXTURE_TARGET_BUFFER 10

#define HS_TEXTURE_FLAGS_DISPLAY 1

#define HS_TEXTURE_FLAGS_VIDEO_DECODE 2

#define HS_TEXTURE_FLAGS_IMAGE 4

#define HS_TEXTURE_FLAGS_COMPRESSIBLE 8

#define HS_TEXTURE_FLAGS_SPARSE 16

#define HS_TEXTURE_FLAGS_LINEAR_RENDER_TARGET 32

// Pitch-linear storage (one level, one layer) instead of block-linear.
#define HS_TEXTURE_FLAGS_LINEAR 256

#define HS_DEPTH_STENCIL_MODE_DEPTH 0

#define HS_DEPTH_STENCIL_MODE_STENCIL 1

#define HS_SWIZZLE_ZERO 0

#define HS_SWIZZLE_ONE 1

#define HS_SWIZZLE_R 2

#define HS_SWIZZLE_G 3

#define HS_SWIZZLE_B 4

#define HS_SWIZZLE_A 5

// Pitch (linear) storage: buffers, linear textures.
#define HS_STORAGE_CLASS_PITCH 0

// Block-linear storage: every block-linear texture.
#define HS_STORAGE_CLASS_BLOCK_LINEAR 254

// Hookshot's copy-on-map: changed pages are copied at each mapping change (devices
// without sparse binding, and `RX_VK_VIRTUAL_SPARSE=0`).
#define HS_VIRTUAL_POOL_PATH_COPY_ON_MAP 0

// Vulkan sparse binding: the physical pages' memory is bound under the virtual pool, so
// GPU writes through it are in the physical pages when the writing work completes. The
// device has strict residency: unmapped pages read zero and drop writes.
#define HS_VIRTUAL_POOL_PATH_SPARSE_BINDING 1

// Sparse binding as above on a device without strict residency, taken because
// `RX_VK_VIRTUAL_SPARSE=relaxed`: the GPU reads undefined values at unmapped pages (the
// CPU still reads zero there); its accesses there touch no mapped page.
#define HS_VIRTUAL_POOL_PATH_SPARSE_BINDING_RELAXED 2

// No display window: presents are only kept for reading back.
#define HS_NATIVE_WINDOW_NONE 0

// `display`: an Xlib `Display*`; `window`: the X `Window`.
#define HS_NATIVE_WINDOW_XLIB 1

// `display`: an `xcb_connection_t*`; `window`: the `xcb_window_t`.
#define HS_NATIVE_WINDOW_XCB 2

// `display`: a `wl_display*`; `window`: the `wl_surface*`.
#define HS_NATIVE_WINDOW_WAYLAND 3

// `display`: the `HINSTANCE` (may be NULL); `window`: the `HWND`.
#define HS_NATIVE_WINDOW_WIN32 4

// No window at all: a swapchain on a surface with no display (`VK_EXT_headless_surface`)
// of `width_px` x `height_px`; presents run the display path in full and show nowhere
// (`hsWindowReadDisplayed` reads them). `display` and `window` are unused. Refused by
// `hsWindowInitialize` where the driver lacks the extension.
#define HS_NATIVE_WINDOW_HEADLESS 5

#ifdef __cplusplus
extern "C" {
#endif // __cplusplus

// NVN's `DrawArraysIndirect` (`indexed` 0) and `DrawElementsIndirect` (`indexed` 1,
// with the index buffer bound): `draw_count` argument records `stride_b` apart from
// `address`, laid out as in `hsCommandBufferDrawIndirect`.
HSresult hsCommandBufferDrawIndirectAddress(const struct HSCommandBuffer *command_buffer,
                                            HSdrawPrimitive primitive,
                                            uint32_t indexed,
                                            HSgpuAddress address,
                                            uint32_t draw_count,
                                            uint32_t stride_b);

// NVN's `DispatchComputeIndirect`: the three group counts at `address`.
HSresult hsCommandBufferDispatchComputeIndirectAddress(const struct HSCommandBuffer *command_buffer,
                                                       HSgpuAddress address);

// NVN's `CopyBufferToBuffer`: `size_b` bytes from `source` to `destination`.
HSresult hsCommandBufferCopyBufferToBufferAddress(const struct HSCommandBuffer *command_buffer,
                                                  HSgpuAddress source,
                                                  HSgpuAddress destination,
                                                  uint64_t size_b);

// NVN's `CopyBufferToTexture`: texels at `address` (rows `row_pitch_b` apart, images
// `rows_per_image` rows apart; 0: tight) into `region` of `level` of `texture`.
HSresult hsCommandBufferCopyBufferToTextureAddress(const struct HSCommandBuffer *command_buffer,
                                                   HSgpuAddress address,
                                                   uint32_t row_pitch_b,
                                                   uint32_t rows_per_image,
                                                   const struct HSTexture *texture,
                                                   uint32_t level,
                                                   const struct HSCopyRegion *region);

// NVN's `CopyTextureToBuffer`: `region` of `level` of `texture` to `address` (pitches
// as above).
HSresult hsCommandBufferCopyTextureToBufferAddress(const struct HSCommandBuffer *command_buffer,
                                                   const struct HSTexture *texture,
                                                   uint32_t level,
                                                   const struct HSCopyRegion *region,
                                                   HSgpuAddress address,
                                                   uint32_t row_pitch_b,
                                                   uint32_t rows_per_image);

// NVN's `ClearBuffer`: `size_b` bytes at `address` hold `value` repeated.
HSresult hsCommandBufferClearBufferAddress(const struct HSCommandBuffer *command_buffer,
                                           HSgpuAddress address,
                                           uint64_t size_b,
                                           uint32_t value);

// NVN's `ReportCounter`: the counter's value and the GPU time into 16 bytes at
// `address` (a multiple of 16).
HSresult hsCommandBufferReportCounterAddress(const struct HSCommandBuffer *command_buffer,
                                             HScounter counter_kind,
                                             HSgpuAddress address);

// NVN's `ReportValue`: `value` into 4 bytes at `address` (a multiple of 4).
HSresult hsCommandBufferReportValueAddress(const struct HSCommandBuffer *command_buffer,
                                           uint32_t value,
                                           HSgpuAddress address);

// NVN's `SetRenderEnableConditional`: the two 16-byte reports at `address`.
HSresult hsCommandBufferSetRenderEnableConditionalAddress(const struct HSCommandBuffer *command_buffer,
                                                          HSconditionalRenderMode mode,
                                                          HSgpuAddress address);

// NVN's `UpdateUniformBuffer`: `update_size_b` bytes of `data` into the uniform buffer
// of `buffer_size_b` bytes at `address`, from `update_offset_b` in it, when the list
// reaches this point.
HSresult hsCommandBufferUpdateUniformBufferAddress(const struct HSCommandBuffer *command_buffer,
                                                   HSgpuAddress address,
                                                   uint64_t buffer_size_b,
                                                   uint64_t update_offset_b,
                                                   uint64_t update_size_b,
                                                   const void *data);

// NVN's `BindTransformFeedbackBuffer`: capture buffer `index` is `size_b` bytes at
// `address`.
HSresult hsCommandBufferBindTransformFeedbackBufferAddress(const struct HSCommandBuffer *command_buffer,
                                                           uint32_t index,
                                                           HSgpuAddress address,
                                                           uint64_t size_b);

// NVN's `BeginTransformFeedback`: capturing starts; the control buffer is at `address`.
HSresult hsCommandBufferBeginTransformFeedbackAddress(const struct HSCommandBuffer *command_buffer,
                                                      HSgpuAddress address);

// NVN's `PauseTransformFeedback`: the byte counts go to the control buffer at `address`.
HSresult hsCommandBufferPauseTransformFeedbackAddress(const struct HSCommandBuffer *command_buffer,
                                                      HSgpuAddress address);

// NVN's `ResumeTransformFeedback`: capturing goes on from the byte counts at `address`.
HSresult hsCommandBufferResumeTransformFeedbackAddress(const struct HSCommandBuffer *command_buffer,
                                                       HSgpuAddress address);

// NVN's `EndTransformFeedback`: the byte counts go to the control buffer at `address`.
HSresult hsCommandBufferEndTransformFeedbackAddress(const struct HSCommandBuffer *command_buffer,
                                                    HSgpuAddress address);

// NVN's `MemoryPool::GetBufferAddress`: the address of the pool's first byte.
HSresult hsMemoryPoolGetBufferAddress(const struct HSMemoryPool *pool, HSgpuAddress *address);

// NVN's `Buffer::GetAddress`: its pool's address plus its offset in the pool.
HSresult hsBufferGetAddress(const struct HSBuffer *buffer, HSgpuAddress *address);

// NVN's `BindVertexBuffer`: `size_b` bytes at `address` as vertex stream `stream`.
HSresult hsCommandBufferBindVertexBufferAddress(const struct HSCommandBuffer *command_buffer,
                                                uint32_t stream,
                                                HSgpuAddress address,
                                                uint64_t size_b);

// The index buffer `hsCommandBufferDrawElements` reads, at `address`.
HSresult hsCommandBufferBindIndexBufferAddress(const struct HSCommandBuffer *command_buffer,
                                               HSindexType index_type,
                                               HSgpuAddress address,
                                               uint64_t size_b);

// NVN's `BindUniformBuffer`: `size_b` bytes at `address` at `stage`'s uniform slot.
HSresult hsCommandBufferBindUniformBufferAddress(const struct HSCommandBuffer *command_buffer,
                                                 HSshaderStage stage,
                                                 uint32_t slot,
                                                 HSgpuAddress address,
                                                 uint64_t size_b);

// NVN's `BindStorageBuffer`: `size_b` bytes at `address` at `stage`'s storage slot.
HSresult hsCommandBufferBindStorageBufferAddress(const struct HSCommandBuffer *command_buffer,
                                                 HSshaderStage stage,
                                                 uint32_t slot,
                                                 HSgpuAddress address,
                                                 uint64_t size_b);

HSresult hsBufferBuilderSetDefaults(struct HSBufferBuilder *builder);

HSresult hsBufferBuilderSetDevice(struct HSBufferBuilder *builder, const struct HSDevice *device);

// The buffer's bytes: `size_b` bytes of `pool` from `offset_b`.
HSresult hsBufferBuilderSetStorage(struct HSBufferBuilder *builder,
                                   const struct HSMemoryPool *pool,
                                   uint64_t offset_b,
                                   uint64_t size_b);

HSresult hsBufferInitialize(struct HSBuffer *buffer, const struct HSBufferBuilder *builder);

HSresult hsBufferFinalize(struct HSBuffer *buffer);

HSresult hsBufferGetSize(const struct HSBuffer *buffer, uint64_t *size_b);

// Fills `size_b` bytes of `buffer` from `offset_b` with `value` repeated.
HSresult hsCommandBufferClearBuffer(const struct HSCommandBuffer *command_buffer,
                                    const struct HSBuffer *buffer,
                                    uint64_t offset_b,
                                    uint64_t size_b,
                                    uint32_t value);

// Clears `region` of `texture` (through `view`, or whole) to `color[0..4]` (float and
// normalized formats), the components in `mask`.
HSresult hsCommandBufferClearTexture(const struct HSCommandBuffer *command_buffer,
                                     const struct HSTexture *texture,
                                     const struct HSTextureView *view,
                                     const struct HSCopyRegion *region,
                                     const float *color,
                                     HSclearColorMask mask);

// `hsCommandBufferClearTexture` for signed integer formats.
HSresult hsCommandBufferClearTexturei(const struct HSCommandBuffer *command_buffer,
                                      const struct HSTexture *texture,
                                      const struct HSTextureView *view,
                                      const struct HSCopyRegion *region,
                                      const int32_t *color,
                                      HSclearColorMask mask);

// `hsCommandBufferClearTexture` for unsigned integer formats.
HSresult hsCommandBufferClearTextureui(const struct HSCommandBuffer *command_buffer,
                                       const struct HSTexture *texture,
                                       const struct HSTextureView *view,
                                       const struct HSCopyRegion *region,
                                       const uint32_t *color,
                                       HSclearColorMask mask);

// Clears `region` of a depth/stencil `texture`: the depth to `depth` (0 to 1) where
// `depth_mask` is 1, the stencil to `stencil` where `stencil_mask` is 0xFF (0 leaves it;
// other masks are refused: the clear writes every stencil bit).
HSresult hsCommandBufferClearTextureDepthStencil(const struct HSCommandBuffer *command_buffer,
                                                 const struct HSTexture *texture,
                                                 const struct HSTextureView *view,
                                                 const struct HSCopyRegion *region,
                                                 float depth,
                                                 uint32_t depth_mask,
                                                 uint32_t stencil,
                                                 uint32_t stencil_mask);

// deko3d's colour state defaults: no target blends, no logic op, no alpha test
// (`HS_COMPARE_ALWAYS`, reference 0).
HSresult hsColorStateSetDefaults(struct HSColorState *state);

// Sets NVN's colour state: blend enables of all eight targets, logic op, alpha test.
HSresult hsCommandBufferSetColorState(const struct HSCommandBuffer *command_buffer,
                                      const struct HSColorState *state);

HSresult hsCommandBufferInitialize(struct HSCommandBuffer *command_buffer,
                                   const struct HSDevice *device);

// Ends the command buffer (a recording in progress is dropped) and releases its handles.
HSresult hsCommandBufferFinalize(struct HSCommandBuffer *command_buffer);

// Starts recording. What the list this command buffer ended last left bound stays bound.
HSresult hsCommandBufferBeginRecording(const struct HSCommandBuffer *command_buffer);

// Ends recording: the commands become a list, named by the handle written to `handle`.
// Refused (`HS_ERROR_REFUSED`, still recording) while debug groups are open.
// The handle stays good until `hsCommandBufferClearCommands` or the finalize.
HSresult hsCommandBufferEndRecording(const struct HSCommandBuffer *command_buffer,
                                     HScommandHandle *handle);

// Releases every command handle this command buffer ended (as resetting NVN's command
// memory does); submitting one afterwards fails.
HSresult hsCommandBufferClearCommands(const struct HSCommandBuffer *command_buffer);

// Sets the colour targets (`colors[0..color_count]`, each with its view or NULL for
// the whole texture; `color_views` itself may be NULL) and the depth/stencil target
// (NULL for none).
HSresult hsCommandBufferSetRenderTargets(const struct HSCommandBuffer *command_buffer,
                                         uint32_t color_count,
                                         const struct HSTexture *const *colors,
                                         const struct HSTextureView *const *color_views,
                                         const struct HSTexture *depth_stencil,
                                         const struct HSTextureView *depth_stencil_view);

// Clears colour target `index` to `color[0..4]` (float formats).
HSresult hsCommandBufferClearColor(const struct HSCommandBuffer *command_buffer,
                                   uint32_t index,
                                   const float *color,
                                   HSclearColorMask mask);

// Clears colour target `index` to `color[0..4]` (signed integer formats).
HSresult hsCommandBufferClearColori(const struct HSCommandBuffer *command_buffer,
                                    uint32_t index,
                                    const int32_t *color,
                                    HSclearColorMask mask);

// Clears colour target `index` to `color[0..4]` (unsigned integer formats).
HSresult hsCommandBufferClearColorui(const struct HSCommandBuffer *command_buffer,
                                     uint32_t index,
                                     const uint32_t *color,
                                     HSclearColorMask mask);

// Clears the depth/stencil target: depth to `depth` if `depth_mask` is 1, the stencil
// bits in `stencil_mask` to `stencil`.
HSresult hsCommandBufferClearDepthStencil(const struct HSCommandBuffer *command_buffer,
                                          float depth,
                                          uint32_t depth_mask,
                                          uint32_t stencil,
                                          uint32_t stencil_mask);

HSresult hsCommandBufferBindProgram(const struct HSCommandBuffer *command_buffer,
                                    const struct HSProgram *program);

// NVN's `SetTexturePool`: the texture pool texture and image handles index. It stays in
// force on the queue for later lists; the sampler pool is set on its own and may come
// from an earlier list.
HSresult hsCommandBufferSetTexturePool(const struct HSCommandBuffer *command_buffer,
                                       const struct HSTexturePool *pool);

// NVN's `SetSamplerPool`: the sampler pool texture handles index, set on its own as the
// texture pool is.
HSresult hsCommandBufferSetSamplerPool(const struct HSCommandBuffer *command_buffer,
                                       const struct HSSamplerPool *pool);

// NVN's inline uniform update: `size_b` bytes of `data` (at most 65536, a multiple of
// 4) written into `buffer` at `offset_b` when the list reaches this point. Draws recorded
// after it see them, draws before it do not, and the pool's storage holds them after the
// fence. `data` is copied now.
HSresult hsCommandBufferUpdateUniformBuffer(const struct HSCommandBuffer *command_buffer,
                                            const struct HSBuffer *buffer,
                                            uint64_t offset_b,
                                            uint64_t size_b,
                                            const void *data);

// Binds `size_b` bytes of `buffer` from `offset_b` as vertex stream `stream`.
HSresult hsCommandBufferBindVertexBuffer(const struct HSCommandBuffer *command_buffer,
                                         uint32_t stream,
                                         const struct HSBuffer *buffer,
                                         uint64_t offset_b,
                                         uint64_t size_b);

// Binds the index buffer `hsCommandBufferDrawElements` reads.
HSresult hsCommandBufferBindIndexBuffer(const struct HSCommandBuffer *command_buffer,
                                        HSindexType index_type,
                                        const struct HSBuffer *buffer,
                                        uint64_t offset_b,
                                        uint64_t size_b);

HSresult hsCommandBufferBindUniformBuffer(const struct HSCommandBuffer *command_buffer,
                                          HSshaderStage stage,
                                          uint32_t slot,
                                          const struct HSBuffer *buffer,
                                          uint64_t offset_b,
                                          uint64_t size_b);

HSresult hsCommandBufferBindStorageBuffer(const struct HSCommandBuffer *command_buffer,
                                          HSshaderStage stage,
                                          uint32_t slot,
                                          const struct HSBuffer *buffer,
                                          uint64_t offset_b,
                                          uint64_t size_b);

// Binds texture handle `handle` (`hsDeviceGetTextureHandle`) at texture slot `slot`.
HSresult hsCommandBufferBindTexture(const struct HSCommandBuffer *command_buffer,
                                    HSshaderStage stage,
                                    uint32_t slot,
                                    uint64_t handle);

// Binds image handle `handle` (`hsDeviceGetImageHandle`) at image slot `slot`.
HSresult hsCommandBufferBindImage(const struct HSCommandBuffer *command_buffer,
                                  HSshaderStage stage,
                                  uint32_t slot,
                                  uint64_t handle);

HSresult hsCommandBufferDrawArrays(const struct HSCommandBuffer *command_buffer,
                                   HSdrawPrimitive primitive,
                                   uint32_t first_vertex,
                                   uint32_t vertex_count);

HSresult hsCommandBufferDrawArraysInstanced(const struct HSCommandBuffer *command_buffer,
                                            HSdrawPrimitive primitive,
                                            uint32_t first_vertex,
                                            uint32_t vertex_count,
                                            uint32_t first_instance,
                                            uint32_t instance_count);

// Draws `index_count` indices of the bound index buffer from `first_index`.
HSresult hsCommandBufferDrawElements(const struct HSCommandBuffer *command_buffer,
                                     HSdrawPrimitive primitive,
                                     uint32_t first_index,
                                     uint32_t index_count,
                                     int32_t base_vertex,
                                     uint32_t first_instance,
                                     uint32_t instance_count);

// `draw_count` draws whose arguments the GPU reads from `buffer` at `offset_b`,
// `stride_b` apart (Vulkan's indirect command layouts); `indexed` 1 for elements.
HSresult hsCommandBufferDrawIndirect(const struct HSCommandBuffer *command_buffer,
                                     HSdrawPrimitive primitive,
                                     uint32_t indexed,
                                     const struct HSBuffer *buffer,
                                     uint64_t offset_b,
                                     uint32_t draw_count,
                                     uint32_t stride_b);

HSresult hsCommandBufferDispatchCompute(const struct HSCommandBuffer *command_buffer,
                                        uint32_t groups_x,
                                        uint32_t groups_y,
                                        uint32_t groups_z);

HSresult hsCommandBufferDispatchComputeIndirect(const struct HSCommandBuffer *command_buffer,
                                                const struct HSBuffer *buffer,
                                                uint64_t offset_b);

HSresult hsCommandBufferCopyBufferToBuffer(const struct HSCommandBuffer *command_buffer,
                                           const struct HSBuffer *source,
                                           uint64_t source_offset_b,
                                           const struct HSBuffer *destination,
                                           uint64_t destination_offset_b,
                                           uint64_t size_b);

// Texels from `buffer` at `offset_b` (rows `row_pitch_b` apart, images `rows_per_image`
// rows apart; 0: tight) into `region` of `level` of `texture`.
HSresult hsCommandBufferCopyBufferToTexture(const struct HSCommandBuffer *command_buffer,
                                            const struct HSBuffer *buffer,
                                            uint64_t offset_b,
                                            uint32_t row_pitch_b,
                                            uint32_t rows_per_image,
                                            const struct HSTexture *texture,
                                            uint32_t level,
                                            const struct HSCopyRegion *region);

// `region` of `level` of `texture` into `buffer` at `offset_b` (pitches as above).
HSresult hsCommandBufferCopyTextureToBuffer(const struct HSCommandBuffer *command_buffer,
                                            const struct HSTexture *texture,
                                            uint32_t level,
                                            const struct HSCopyRegion *region,
                                            const struct HSBuffer *buffer,
                                            uint64_t offset_b,
                                            uint32_t row_pitch_b,
                                            uint32_t rows_per_image);

// A copy between textures; regions of other sizes scale (`linear_filter` 1: linearly).
HSresult hsCommandBufferCopyTextureToTexture(const struct HSCommandBuffer *command_buffer,
                                             const struct HSTexture *source,
                                             uint32_t source_level,
                                             const struct HSCopyRegion *source_region,
                                             const struct HSTexture *destination,
                                             uint32_t destination_level,
                                             const struct HSCopyRegion *destination_region,
                                             uint32_t linear_filter);

HSresult hsCommandBufferBarrier(const struct HSCommandBuffer *command_buffer, HSbarrierBits bits);

// Signals `sync` once the work before it reaches `condition`; `flush` 1 sends the work
// on without waiting for a queue flush.
HSresult hsCommandBufferFenceSync(const struct HSCommandBuffer *command_buffer,
                                  const struct HSSync *sync,
                                  HSsyncCondition condition,
                                  uint32_t flush);

// Makes the work after it wait for the last signal of `sync` issued before it.
HSresult hsCommandBufferWaitSync(const struct HSCommandBuffer *command_buffer,
                                 const struct HSSync *sync);

// Colour target `index`'s contents are no longer needed.
HSresult hsCommandBufferDiscardColor(const struct HSCommandBuffer *command_buffer, uint32_t index);

HSresult hsCommandBufferDiscardDepthStencil(const struct HSCommandBuffer *command_buffer);

// Writes `counter`'s value and the GPU time into 16 bytes of `buffer` at `offset_b`
// once the work recorded before it has completed; the CPU reads them from the pool after
// a fence that follows. Accumulating counters count from their last reset (or from the
// first command buffer that used them).
HSresult hsCommandBufferReportCounter(const struct HSCommandBuffer *command_buffer,
                                      HScounter counter_kind,
                                      const struct HSBuffer *buffer,
                                      uint64_t offset_b);

// Writes `value` into 4 bytes of `buffer` at `offset_b` (a 4-byte-aligned address), in
// order with the work around it.
HSresult hsCommandBufferReportValue(const struct HSCommandBuffer *command_buffer,
                                    uint32_t value,
                                    const struct HSBuffer *buffer,
                                    uint64_t offset_b);

// Sets an accumulating counter back to zero (a timestamp's reset resets samples passed,
// as NVN's does).
HSresult hsCommandBufferResetCounter(const struct HSCommandBuffer *command_buffer,
                                     HScounter counter_kind);

// NVN's render enable: later draws and clears run (`enabled` non-zero) or are left out;
// copies and dispatches are not affected. Carries into later command buffers.
HSresult hsCommandBufferSetRenderEnable(const struct HSCommandBuffer *command_buffer,
                                        uint32_t enabled);

// Later draws and clears run as `mode` finds the values of the two 16-byte reports at
// `offset_b` of `buffer` (a 16-byte-aligned address), as the work recorded before left
// them. The executor decides it by waiting for that work on the CPU: exact, at the cost
// of a stall.
HSresult hsCommandBufferSetRenderEnableConditional(const struct HSCommandBuffer *command_buffer,
                                                   HSconditionalRenderMode mode,
                                                   const struct HSBuffer *buffer,
                                                   uint64_t offset_b);

// Begins a debug group called `name`; the work until the matching pop is in it.
HSresult hsCommandBufferPushDebugGroup(const struct HSCommandBuffer *command_buffer,
                                       const char *name);

// Ends the innermost open debug group.
HSresult hsCommandBufferPopDebugGroup(const struct HSCommandBuffer *command_buffer);

// A debug marker called `name` at this point of the list.
HSresult hsCommandBufferInsertDebugMarker(const struct HSCommandBuffer *command_buffer,
                                          const char *name);

HSresult hsDeviceBuilderSetDefaults(struct HSDeviceBuilder *builder);

// Sets switch `name` (e.g. "RX_VK_VALIDATION") to `value` for this device; checked, with
// every other switch, at `hsDeviceInitialize`.
HSresult hsDeviceBuilderSetSwitch(struct HSDeviceBuilder *builder,
                                  const char *name,
                                  const char *value);

HSresult hsDeviceBuilderSetRecordingPath(struct HSDeviceBuilder *builder, const char *path);

HSresult hsDeviceInitialize(struct HSDevice *device, const struct HSDeviceBuilder *builder);

// Ends the device. Refused (`HS_ERROR_BUSY`) while objects made on it live: finalize
// them first. Waits for the GPU, closes the recording.
HSresult hsDeviceFinalize(struct HSDevice *device);

// Installs `callback` for failures on this device's objects (and for failures whose
// device cannot be told); NULL removes it. One callback a device.
HSresult hsDeviceInstallDebugCallback(const struct HSDevice *device,
                                      HSdebugCallback callback,
                                      void *user_data);

// The texture handle of texture pool slot `texture_slot` and sampler pool slot
// `sampler_slot`, for `hsCommandBufferBindTexture` (NVN's packing).
HSresult hsDeviceGetTextureHandle(const struct HSDevice *device,
                                  uint32_t texture_slot,
                                  uint32_t sampler_slot,
                                  uint64_t *handle);

// The image handle of texture pool slot `texture_slot` (registered as an image).
HSresult hsDeviceGetImageHandle(const struct HSDevice *device,
                                uint32_t texture_slot,
                                uint64_t *handle);

// Validation errors the Vulkan layer reported on this device so far (0 with
// `RX_VK_VALIDATION` off): a port's tests can fail on them.
HSresult hsDeviceGetValidationErrorCount(const struct HSDevice *device, uint64_t *count);

// The host page size in bytes this device's pools are aligned to and protected in: the
// OS's (`hsGetHostPageSize`), or a larger one where `RX_VK_SIMULATE` says so (16384 for
// `moltenvk-m1`, Apple Silicon's). Storage given to `hsMemoryPoolBuilderSetStorage` for
// this device is aligned to it and a multiple of it in size.
HSresult hsDeviceGetHostPageSize(const struct HSDevice *device, uint64_t *page_size_b);

HSresult hsCommandBufferSetMultisampleState(const struct HSCommandBuffer *command_buffer,
                                            uint32_t sample_mask,
                                            uint32_t alpha_to_coverage,
                                            uint32_t alpha_to_one,
                                            uint32_t sample_shading,
                                            float min_sample_shading);

// NVN's `SetSampleLocations`, `SetSampleLocationsEnable` and
// `SetSampleLocationsGridEnable` in one call. `enable` 0: the device's standard pattern
// (the default; `locations` is not read). `enable` 1: `count` (1 to 16) locations,
// repeated in order to fill the hardware's 16 as deko3d does; `grid_enable` 1 spreads the
// 16 over a 2x2 block of pixels (each pixel's samples in turn), 0 gives every pixel
// locations `0..samples`. A coordinate outside `0.0..1.0` or a count outside 1..=16 is
// `HS_ERROR_OUT_OF_RANGE`. Enabled locations need `VK_EXT_sample_locations` (with
// `variableSampleLocations`, 4 sub-pixel bits and coordinates 0..=15/16), the grid a 2x2
// `maxSampleLocationGridSize`: where the device lacks them, `HS_ERROR_REFUSED` naming
// them. A draw with them on is refused where the device takes none for its targets'
// sample count, or with the grid on for more than 4 samples a pixel.
HSresult hsCommandBufferSetSampleLocations(const struct HSCommandBuffer *command_buffer,
                                           uint32_t enable,
                                           uint32_t grid_enable,
                                           uint32_t count,
                                           const struct HSSampleLocation *locations);

// Fills `stats` with the device's pipeline compile figures now.
HSresult hsDeviceGetPipelineStats(const struct HSDevice *device, struct HSPipelineStats *stats);

HSresult hsMemoryPoolBuilderSetDefaults(struct HSMemoryPoolBuilder *builder);

HSresult hsMemoryPoolBuilderSetDevice(struct HSMemoryPoolBuilder *builder,
                                      const struct HSDevice *device);

HSresult hsMemoryPoolBuilderSetFlags(struct HSMemoryPoolBuilder *builder, HSmemoryPoolFlags flags);

HSresult hsMemoryPoolBuilderSetSize(struct HSMemoryPoolBuilder *builder, uint64_t size_b);

// NVN's `MemoryPoolBuilder::SetStorage`: the pool lives in the game's `size_b` bytes
// at `storage` (aligned to `hsGetHostPageSize`, a multiple of it in size), which the
// game keeps mapped and does not free until the pool is finalized and the GPU is done
// with it (`hsQueueFinish`). What the bytes hold is the pool's contents. NULL: storage
// Hookshot allocates, of the builder's size.
HSresult hsMemoryPoolBuilderSetStorage(struct HSMemoryPoolBuilder *builder,
                                       void *storage,
                                       uint64_t size_b);

// The host's page size in bytes (16384 on Apple Silicon, 4096 on most others): the
// alignment of storage given to `hsMemoryPoolBuilderSetStorage`.
HSresult hsGetHostPageSize(uint64_t *page_size_b);

HSresult hsMemoryPoolInitialize(struct HSMemoryPool *pool,
                                const struct HSMemoryPoolBuilder *builder);

HSresult hsMemoryPoolFinalize(struct HSMemoryPool *pool);

HSresult hsMemoryPoolGetSize(const struct HSMemoryPool *pool, uint64_t *size_b);

// The pool's first byte, for the CPU, good until the pool is finalized. Reads are good
// once the GPU work that wrote the bytes is done (a sync wait or `hsQueueFinish`). Writes
// are seen by page protection under `RX_VK_WRITE_TRACKING=protect` (the default); under
// `explicit` they must be announced with `hsMemoryPoolFlushMappedRange` before GPU work or
// a texture made there reads them.
HSresult hsMemoryPoolMap(const struct HSMemoryPool *pool, void **pointer);

// NVN's `FlushMappedRange`: the CPU wrote `offset_b..offset_b + size_b` through the
// mapped pointer. The write's signal under `RX_VK_WRITE_TRACKING=explicit`; a hint under
// `protect`, which saw the writes already. Either way textures over those bytes are
// filled again and the recording has them.
HSresult hsMemoryPoolFlushMappedRange(const struct HSMemoryPool *pool,
                                      uint64_t offset_b,
                                      uint64_t size_b);

// NVN's `InvalidateMappedRange`: the CPU is about to read what the GPU wrote there. The
// mapped bytes are the storage the GPU's results land in by their fence, so only the
// range is checked; kept so NVN code ports as it is.
HSresult hsMemoryPoolInvalidateMappedRange(const struct HSMemoryPool *pool,
                                           uint64_t offset_b,
                                           uint64_t size_b);

// Copies `size_b` bytes from `data` into the pool at `offset_b` (a tracked CPU write).
HSresult hsMemoryPoolWrite(const struct HSMemoryPool *pool,
                           uint64_t offset_b,
                           const void *data,
                           uint64_t size_b);

// Copies `size_b` bytes of the pool at `offset_b` out to `data`.
HSresult hsMemoryPoolRead(const struct HSMemoryPool *pool,
                          uint64_t offset_b,
                          void *data,
                          uint64_t size_b);

// The CPU's `memcpy` between pool ranges (a defragmentation), tracked: a texture whose
// whole storage moves keeps its cached image.
HSresult hsMemoryPoolCopy(const struct HSMemoryPool *source,
                          uint64_t source_offset_b,
                          const struct HSMemoryPool *destination,
                          uint64_t destination_offset_b,
                          uint64_t size_b);

// Vertical blanks each present waits for: 0 or 1. A display window's swapchain is made
// again, before the next present, when its present mode changes.
HSresult hsWindowSetPresentInterval(const struct HSWindow *window, uint32_t interval);

// The present mode the window's display window uses (`HS_PRESENT_MODE_*`;
// `HS_PRESENT_MODE_NONE` without one).
HSresult hsWindowGetPresentMode(const struct HSWindow *window, HSpresentMode *mode);

// The entry point called `name` (e.g. "hsQueueSubmitCommands"); NULL for a name that
// is none (or a NULL `name`).
HSgenericFuncPtr hsGetProcAddress(const char *name);

HSresult hsProgramInitialize(struct HSProgram *program, const struct HSDevice *device);

HSresult hsProgramFinalize(struct HSProgram *program);

// Gives the program its shaders, one a stage. Set again, the program's old shaders are
// finalized: lists recorded with them are refused at submit.
HSresult hsProgramSetShaders(const struct HSProgram *program,
                             uint32_t count,
                             const struct HSShaderData *shaders);

// Gives the tag that `stage`'s shader leaves beside an address it missed
// (`HSDeviceStats.last_raw_pointer_miss_program`): a hash of the shader's GLSL or
// SPIR-V, or 0 for compiled Maxwell code. `HS_ERROR_INVALID_ARGUMENT` when the program
// has no shader for `stage`.
HSresult hsProgramGetMissTag(const struct HSProgram *program, HSshaderStage stage, uint32_t *tag);

// Fills `slots` with deko3d's convention (what uam's code expects, the default).
HSresult hsMaxwellSlotMapSetDefaults(struct HSMaxwellSlotMap *slots);

// Gives the program its shaders from compiled Maxwell code, one a stage, translated for
// the host with `slots` (NULL: deko3d's convention). A binary that cannot be read or
// translated fails with HS_ERROR_REFUSED and a message naming the shader, the byte
// offset and the word; one computing in double precision on a device without
// shaderFloat64 (MoltenVK) with HS_ERROR_REFUSED naming its first double instruction.
// Set again, the program's old shaders are finalized, as with hsProgramSetShaders.
// Every image slot is taken as r32ui
// (hsProgramSetCompiledShadersWithImageFormats states others).
HSresult hsProgramSetCompiledShaders(const struct HSProgram *program,
                                     uint32_t count,
                                     const struct HSCompiledShaderData *shaders,
                                     const struct HSMaxwellSlotMap *slots);

// As hsProgramSetCompiledShaders, with each image slot's format from `image_formats`
// (NULL: none stated, every slot r32ui). An image access the slot's format does not
// allow (a raw load of another width, a float image add) fails with
// HS_ERROR_REFUSED naming the shader, the offset, the slot and its format; a format
// that is not one of the storage formats listed at HSMaxwellImageFormats with
// HS_ERROR_INVALID_ARGUMENT.
HSresult hsProgramSetCompiledShadersWithImageFormats(const struct HSProgram *program,
                                                     uint32_t count,
                                                     const struct HSCompiledShaderData *shaders,
                                                     const struct HSMaxwellSlotMap *slots,
                                                     const struct HSMaxwellImageFormats *image_formats);

HSresult hsQueueInitialize(struct HSQueue *queue, const struct HSDevice *device);

HSresult hsQueueFinalize(struct HSQueue *queue);

// Submits `count` command handles in order. A handle that is not this device's (or was
// released) fails the call before anything is submitted.
HSresult hsQueueSubmitCommands(const struct HSQueue *queue,
                               uint32_t count,
                               const HScommandHandle *handles);

HSresult hsQueueFlush(const struct HSQueue *queue);

// Waits until everything submitted is done.
HSresult hsQueueFinish(const struct HSQueue *queue);

// Signals `sync` once all work submitted before reaches `condition`.
HSresult hsQueueFenceSync(const struct HSQueue *queue,
                          const struct HSSync *sync,
                          HSsyncCondition condition);

// Makes later GPU work wait for the last signal fenced on `sync`.
HSresult hsQueueWaitSync(const struct HSQueue *queue, const struct HSSync *sync);

// Presents texture `index` of `window` (the index `hsWindowAcquireTexture` gave).
HSresult hsQueuePresentTexture(const struct HSQueue *queue,
                               const struct HSWindow *window,
                               uint32_t index);

HSresult hsCommandBufferSetBlendState(const struct HSCommandBuffer *command_buffer,
                                      uint32_t target,
                                      const struct HSBlendState *state);

HSresult hsCommandBufferSetBlendColor(const struct HSCommandBuffer *command_buffer,
                                      const float *color);

// The colour write masks (`HS_CLEAR_COLOR_MASK_*` bits) of all eight targets.
HSresult hsCommandBufferSetColorWriteMasks(const struct HSCommandBuffer *command_buffer,
                                           const uint32_t *masks);

HSresult hsCommandBufferSetLogicOp(const struct HSCommandBuffer *command_buffer, HSlogicOp op);

HSresult hsCommandBufferSetDepthStencilState(const struct HSCommandBuffer *command_buffer,
                                             const struct HSDepthStencilState *state);

HSresult hsCommandBufferSetRasterizerState(const struct HSCommandBuffer *command_buffer,
                                           const struct HSRasterizerState *state);

HSresult hsCommandBufferSetPolygonOffset(const struct HSCommandBuffer *command_buffer,
                                         const struct HSPolygonOffset *state);

HSresult hsCommandBufferSetViewports(const struct HSCommandBuffer *command_buffer,
                                     uint32_t first,
                                     uint32_t count,
                                     const struct HSViewport *viewports);

HSresult hsCommandBufferSetScissors(const struct HSCommandBuffer *command_buffer,
                                    uint32_t first,
                                    uint32_t count,
                                    const struct HSScissor *scissors);

// Replaces every vertex attribute; locations not given are off.
HSresult hsCommandBufferSetVertexAttributes(const struct HSCommandBuffer *command_buffer,
                                            uint32_t count,
                                            const struct HSVertexAttribute *attributes);

// Replaces every vertex stream's stride and divisor.
HSresult hsCommandBufferSetVertexStreams(const struct HSCommandBuffer *command_buffer,
                                         uint32_t count,
                                         const struct HSVertexStream *streams);

// `enabled` 1: index `index` restarts primitives.
HSresult hsCommandBufferSetPrimitiveRestart(const struct HSCommandBuffer *command_buffer,
                                            uint32_t enabled,
                                            uint32_t index);

// The clip-space depth range draws use from here on (`VK_EXT_depth_clip_control` for
// [-1, 1]; refused where the device lacks it).
HSresult hsCommandBufferSetDepthMode(const struct HSCommandBuffer *command_buffer,
                                     HSdepthMode mode);

// NVN's window origin mode. Viewports, scissors, clears and `gl_FragCoord` are measured
// from the target's first row under both; UPPER_LEFT (the default) puts clip-space +y on
// a viewport's first row, LOWER_LEFT on its last and reverses the front face's winding
// (the image is stored upside down, as OpenGL's). docs/nvn-conventions.md.
HSresult hsCommandBufferSetWindowOrigin(const struct HSCommandBuffer *command_buffer,
                                        HSwindowOrigin origin);

// Which way clip-space +y points from here on (deko3d's `DkDeviceFlags_YAxisPointsDown`
// for DOWN): with UPPER_LEFT, DOWN maps clip space as Vulkan does. The winding rule stays
// the window origin's.
HSresult hsCommandBufferSetClipYAxis(const struct HSCommandBuffer *command_buffer,
                                     HSclipYAxis axis);

// The provoking vertex (`VK_EXT_provoking_vertex` for LAST; refused where absent).
HSresult hsCommandBufferSetProvokingVertex(const struct HSCommandBuffer *command_buffer,
                                           HSprovokingVertex vertex);

// `enabled` 1: fragments whose stored depth lies outside `min..=max` are discarded
// (`depthBounds`; refused where the device lacks it).
HSresult hsCommandBufferSetDepthBounds(const struct HSCommandBuffer *command_buffer,
                                       uint32_t enabled,
                                       float min,
                                       float max);

// NVN's program point size enable: `enabled` 1, points take the size the vertex stage
// writes to `gl_PointSize` (1 px where it writes none); 0 (the default), the rasterizer
// state's `point_size_px`, whatever the shader writes.
HSresult hsCommandBufferSetProgramPointSize(const struct HSCommandBuffer *command_buffer,
                                            uint32_t enabled);

// NVN's alpha test: `enabled` 1, fragments whose colour 0 alpha fails
// `alpha compare reference` are discarded; 0 turns it off.
HSresult hsCommandBufferSetAlphaTest(const struct HSCommandBuffer *command_buffer,
                                     uint32_t enabled,
                                     HScompareFunc compare,
                                     float reference);

// NVN's smoothing: `lines` 1 smooths lines (`smoothLines` of
// `VK_EXT_line_rasterization`); `polygons` 1 smooths filled polygons, which Vulkan
// cannot: it is taken, lines, points and polygons drawn as lines are drawn as without
// it, and a draw that would fill polygons while it is on is refused.
HSresult hsCommandBufferSetSmoothing(const struct HSCommandBuffer *command_buffer,
                                     uint32_t lines,
                                     uint32_t polygons);

// The depth resolve: sample zero of `source` (multisample depth) into `destination`.
HSresult hsCommandBufferResolveDepth(const struct HSCommandBuffer *command_buffer,
                                     const struct HSTexture *source,
                                     const struct HSTexture *destination);

// NVN's `Downsample`: `source` (multisample colour) averaged into `destination`.
HSresult hsCommandBufferDownsample(const struct HSCommandBuffer *command_buffer,
                                   const struct HSTexture *source,
                                   const struct HSTexture *destination);

HSresult hsSamplerBuilderSetDefaults(struct HSSamplerBuilder *builder);

HSresult hsSamplerBuilderSetDevice(struct HSSamplerBuilder *builder, const struct HSDevice *device);

HSresult hsSamplerBuilderSetMinMagFilter(struct HSSamplerBuilder *builder,
                                         HSfilter min_filter,
                                         HSmipFilter mip_filter,
                                         HSfilter mag_filter);

HSresult hsSamplerBuilderSetWrapMode(struct HSSamplerBuilder *builder,
                                     HSwrapMode s,
                                     HSwrapMode t,
                                     HSwrapMode r);

HSresult hsSamplerBuilderSetLodClamp(struct HSSamplerBuilder *builder,
                                     float min_lod,
                                     float max_lod);

HSresult hsSamplerBuilderSetLodBias(struct HSSamplerBuilder *builder, float bias);

HSresult hsSamplerBuilderSetCompare(struct HSSamplerBuilder *builder,
                                    uint32_t enabled,
                                    HScompareFunc compare);

HSresult hsSamplerBuilderSetMaxAnisotropy(struct HSSamplerBuilder *builder, float max_anisotropy);

HSresult hsSamplerBuilderSetBorderColor(struct HSSamplerBuilder *builder, const float *color);

HSresult hsSamplerInitialize(struct HSSampler *sampler, const struct HSSamplerBuilder *builder);

HSresult hsSamplerFinalize(struct HSSampler *sampler);

// A texture pool of `slot_count` descriptors (at most 2^20).
HSresult hsTexturePoolInitialize(struct HSTexturePool *pool,
                                 const struct HSDevice *device,
                                 uint32_t slot_count);

HSresult hsTexturePoolFinalize(struct HSTexturePool *pool);

HSresult hsTexturePoolRegisterTexture(const struct HSTexturePool *pool,
                                      uint32_t slot,
                                      const struct HSTexture *texture,
                                      const struct HSTextureView *view);

HSresult hsTexturePoolRegisterImage(const struct HSTexturePool *pool,
                                    uint32_t slot,
                                    const struct HSTexture *texture,
                                    const struct HSTextureView *view);

// A sampler pool of `slot_count` descriptors (at most 2^12).
HSresult hsSamplerPoolInitialize(struct HSSamplerPool *pool,
                                 const struct HSDevice *device,
                                 uint32_t slot_count);

HSresult hsSamplerPoolFinalize(struct HSSamplerPool *pool);

HSresult hsSamplerPoolRegisterSampler(const struct HSSamplerPool *pool,
                                      uint32_t slot,
                                      const struct HSSampler *sampler);

// deko3d's rasterizer defaults: back faces culled, counter-clockwise in front, filled,
// no depth clamp, not discarded, 1 px lines and points.
HSresult hsRasterizerStateSetDefaults(struct HSRasterizerState *state);

// No offset, in no polygon mode.
HSresult hsPolygonOffsetSetDefaults(struct HSPolygonOffset *state);

// A stencil face of deko3d's depth-stencil defaults: keep, replace on pass, keep on
// depth fail, compare always, reference 0, masks 0xff.
HSresult hsStencilFaceSetDefaults(struct HSStencilFace *face);

// deko3d's depth-stencil defaults: depth test and write on, LESS, stencil test off,
// both faces as `hsStencilFaceSetDefaults`.
HSresult hsDepthStencilStateSetDefaults(struct HSDepthStencilState *state);

// deko3d's blend defaults: blending off; colour SRC_ALPHA, ONE_MINUS_SRC_ALPHA, ADD;
// alpha ONE, ZERO, ADD.
HSresult hsBlendStateSetDefaults(struct HSBlendState *state);

// A vertex stream's defaults (NVN's `VertexStreamState`): stride 0, per vertex.
HSresult hsVertexStreamSetDefaults(struct HSVertexStream *stream);

// Fills `stats` with the device's figures now.
HSresult hsDeviceGetStats(const struct HSDevice *device, struct HSDeviceStats *stats);

HSresult hsSyncInitialize(struct HSSync *sync, const struct HSDevice *device);

HSresult hsSyncFinalize(struct HSSync *sync);

// Waits on the CPU, up to `timeout_ns`, for the last signal fenced on `sync`.
HSresult hsSyncWait(const struct HSSync *sync, uint64_t timeout_ns, HSsyncWaitResult *result);

// Patches of `vertices` vertices (1 to 32; NVN's default is 3) for draws of
// `HS_DRAW_PRIMITIVE_PATCHES`.
HSresult hsCommandBufferSetPatchSize(const struct HSCommandBuffer *command_buffer,
                                     uint32_t vertices);

// The two inner levels (0 to 64) of programs with no tessellation control stage.
HSresult hsCommandBufferSetInnerTessellationLevels(const struct HSCommandBuffer *command_buffer,
                                                   const float *levels);

// The four outer levels (0 to 64) of programs with no tessellation control stage.
HSresult hsCommandBufferSetOuterTessellationLevels(const struct HSCommandBuffer *command_buffer,
                                                   const float *levels);

HSresult hsTextureBuilderSetDefaults(struct HSTextureBuilder *builder);

HSresult hsTextureBuilderSetDevice(struct HSTextureBuilder *builder, const struct HSDevice *device);

HSresult hsTextureBuilderSetTarget(struct HSTextureBuilder *builder, HStextureTarget target);

HSresult hsTextureBuilderSetFormat(struct HSTextureBuilder *builder, HSformat format);

HSresult hsTextureBuilderSetFlags(struct HSTextureBuilder *builder, HStextureFlags flags);

HSresult hsTextureBuilderSetSize2D(struct HSTextureBuilder *builder,
                                   uint32_t width_px,
                                   uint32_t height_px);

HSresult hsTextureBuilderSetSize3D(struct HSTextureBuilder *builder,
                                   uint32_t width_px,
                                   uint32_t height_px,
                                   uint32_t depth);

HSresult hsTextureBuilderSetLevels(struct HSTextureBuilder *builder, uint32_t levels);

HSresult hsTextureBuilderSetSamples(struct HSTextureBuilder *builder, uint32_t samples);

HSresult hsTextureBuilderSetBlockHeight(struct HSTextureBuilder *builder,
                                        uint32_t block_height_gobs);

HSresult hsTextureBuilderSetStorage(struct HSTextureBuilder *builder,
                                    const struct HSMemoryPool *pool,
                                    uint64_t offset_b);

// Bytes of pool storage the builder's texture takes.
HSresult hsTextureBuilderGetStorageSize(const struct HSTextureBuilder *builder, uint64_t *size_b);

// The alignment, in bytes, the texture's offset in its pool needs.
HSresult hsTextureBuilderGetStorageAlignment(const struct HSTextureBuilder *builder,
                                             uint64_t *alignment_b);

// A texture over the builder's storage. The bytes there are not touched: a texture
// made over bytes already there (a defragmented copy) shows them.
HSresult hsTextureInitialize(struct HSTexture *texture, const struct HSTextureBuilder *builder);

// Ends the texture and the views made of it; its storage keeps its bytes.
HSresult hsTextureFinalize(struct HSTexture *texture);

HSresult hsTextureViewSetDefaults(struct HSTextureView *view);

HSresult hsTextureViewSetLevels(struct HSTextureView *view,
                                uint32_t base_level,
                                uint32_t level_count);

HSresult hsTextureViewSetLayers(struct HSTextureView *view,
                                uint32_t base_layer,
                                uint32_t layer_count);

HSresult hsTextureViewSetFormat(struct HSTextureView *view, HSformat format);

HSresult hsTextureViewSetTarget(struct HSTextureView *view, HStextureTarget target);

HSresult hsTextureViewSetSwizzle(struct HSTextureView *view,
                                 HSswizzle r,
                                 HSswizzle g,
                                 HSswizzle b,
                                 HSswizzle a);

// NVN's texture view depth-stencil mode: a view of a texture with stencil samples its
// depth (`HS_DEPTH_STENCIL_MODE_DEPTH`) or its stencil (`HS_DEPTH_STENCIL_MODE_STENCIL`);
// stencil on a format without stencil is refused when the view is used.
HSresult hsTextureViewSetDepthStencilMode(struct HSTextureView *view, HSdepthStencilMode mode);

// The game's identity: `id` names its configuration file
// (`<config>/hookshot/<id>/hookshot.conf`) and its shader and pipeline cache folders
// (`<cache>/hookshot/titles/<id>/`), so each game has its own; `name` and `version` go to
// Vulkan's application info. The id is 1 to 64 of `A-Z a-z 0-9 . _ -` (the console's
// 16 hexadecimal digits, say); the name at most 256 bytes and the version 64, neither
// with control characters. The strings must live until `hsDeviceInitialize` returns.
HSresult hsDeviceBuilderSetTitle(struct HSDeviceBuilder *builder,
                                 const char *id,
                                 const char *name,
                                 const char *version);

// Capture buffer `index` (0 to 3) is `size_b` bytes of `buffer` from `offset_b`
// (multiples of 4 into the pool). Refused while capturing.
HSresult hsCommandBufferBindTransformFeedbackBuffer(const struct HSCommandBuffer *command_buffer,
                                                    uint32_t index,
                                                    const struct HSBuffer *buffer,
                                                    uint64_t offset_b,
                                                    uint64_t size_b);

// Starts capturing at each capture buffer's start.
HSresult hsCommandBufferBeginTransformFeedback(const struct HSCommandBuffer *command_buffer,
                                               const struct HSBuffer *control,
                                               uint64_t offset_b);

// Stops capturing; each binding's byte count goes to the control buffer.
HSresult hsCommandBufferPauseTransformFeedback(const struct HSCommandBuffer *command_buffer,
                                               const struct HSBuffer *control,
                                               uint64_t offset_b);

// Captures again, from the byte counts in the control buffer.
HSresult hsCommandBufferResumeTransformFeedback(const struct HSCommandBuffer *command_buffer,
                                                const struct HSBuffer *control,
                                                uint64_t offset_b);

// Stops capturing; each binding's byte count goes to the control buffer.
HSresult hsCommandBufferEndTransformFeedback(const struct HSCommandBuffer *command_buffer,
                                             const struct HSBuffer *control,
                                             uint64_t offset_b);

// The version of the library the process runs with, for comparison with the
// `HS_VERSION_*` the port was compiled against (a newer minor or patch is compatible,
// another major is not). Any of the pointers may be NULL.
HSresult hsGetVersion(uint32_t *major, uint32_t *minor, uint32_t *patch);

// NVN's `MemoryPool::MapVirtual`: applies `requests` to `virtualPool`'s page map in
// order (a later request wins a page an earlier one mapped). Every request is checked
// first; a refused call maps nothing. HS_ERROR_INVALID_ARGUMENT: the pool is not
// virtual, a physical pool is virtual, an offset or size is not a multiple of
// HS_MEMORY_POOL_VIRTUAL_PAGE_SIZE or negative, a storage class Hookshot does not lay
// out, or one a texture over the range cannot read (hsTextureGetStorageClass).
// HS_ERROR_OUT_OF_RANGE: a range past the end of either pool. The pages must not be in
// use by GPU work still running. Under the pages, writes made through the virtual pool
// reach the physical pages when the mapping of those pages changes; CPU writes to
// mapped physical pages reach the virtual pool at the next submission.
HSresult hsMemoryPoolMapVirtual(const struct HSMemoryPool *virtualPool,
                                int32_t numRequests,
                                const struct HSmappingRequest *requests);

// NVN's `Texture::GetStorageClass`: the storage class a mapping under the texture's
// pages must carry.
HSresult hsTextureGetStorageClass(const struct HSTexture *texture, HSstorageClass *storageClass);

// The path this device's virtual pools take (the log says why where it is copy-on-map).
HSresult hsDeviceGetVirtualPoolPath(const struct HSDevice *device, HSvirtualPoolPath *path);

// What the device binds under virtual pools' pages and why, or why it copies: the text of
// `Device::virtual_pool_path` (for example "sparse binding, strict residency
// (65536-byte sparse blocks, bound to physical pools' mirrors in memory type 1 ...;
// unmapped pages read zero and drop writes)", "sparse binding, relaxed residency (...;
// unmapped pages read undefined values on the GPU ...)" or "copy-on-map (the device lacks
// sparseBinding; ...)"). Writes at most `capacity` bytes with the terminating NUL (cut
// at a character boundary when it does not fit) and the full text's length without the
// NUL in `length`; `text` may be NULL when `capacity` is 0, to ask the length.
HSresult hsDeviceGetVirtualPoolPathDescription(const struct HSDevice *device,
                                               char *text,
                                               uintptr_t capacity,
                                               uintptr_t *length);

HSresult hsWindowBuilderSetDefaults(struct HSWindowBuilder *builder);

HSresult hsWindowBuilderSetDevice(struct HSWindowBuilder *builder, const struct HSDevice *device);

// The textures presented in turn: 1 to 4 2D textures of one format and size.
HSresult hsWindowBuilderSetTextures(struct HSWindowBuilder *builder,
                                    uint32_t count,
                                    const struct HSTexture *const *textures);

HSresult hsWindowBuilderSetPresentInterval(struct HSWindowBuilder *builder, uint32_t interval);

HSresult hsWindowBuilderSetNativeWindow(struct HSWindowBuilder *builder,
                                        const struct HSNativeWindow *native);

HSresult hsWindowInitialize(struct HSWindow *window, const struct HSWindowBuilder *builder);

HSresult hsWindowFinalize(struct HSWindow *window);

// The index of the window's next texture to draw into. `sync`, when not NULL, is fenced
// so that waiting on it waits until the texture may be drawn.
HSresult hsWindowAcquireTexture(const struct HSWindow *window,
                                const struct HSSync *sync,
                                uint32_t *index);

// Whether presents keep a copy to read back (1, the default) or only show in the
// display window (0, cheaper).
HSresult hsWindowSetPresentSnapshots(const struct HSWindow *window, uint32_t enabled);

// The last presented image as RGBA8 rows into `rgba8` (`size_b` bytes at least
// width * height * 4), with its size. `HS_ERROR_REFUSED` before the first present.
HSresult hsWindowReadPresented(const struct HSWindow *window,
                               void *rgba8,
                               uint64_t size_b,
                               uint32_t *width_px,
                               uint32_t *height_px);

// Whether presents to the window's display window also copy what the display is given
// (the presented texture scaled to the window, with the HUD over it) for
// `hsWindowReadDisplayed`: 1 on, 0 off (the default). `HS_ERROR_REFUSED` for a window
// with no display window, or whose swapchain images cannot be copied from.
HSresult hsWindowSetDisplayCapture(const struct HSWindow *window, uint32_t enabled);

// What the display window was given at the latest present with capture on
// (`hsWindowSetDisplayCapture`), as RGBA8 rows into `rgba8` (`size_b` bytes at least
// width * height * 4; the window's size, not the texture's), with its size.
// `HS_ERROR_REFUSED` before such a present, or for a window with no display window.
HSresult hsWindowReadDisplayed(const struct HSWindow *window,
                               void *rgba8,
                               uint64_t size_b,
                               uint32_t *width_px,
                               uint32_t *height_px);

// Presents that reached the display window so far (0 without one): a port can tell its
// frames are shown.
HSresult hsWindowGetDisplayPresents(const struct HSWindow *window, uint64_t *presents);

// The display window's new size: its swapchain is made again before the next present.
HSresult hsWindowResizeNative(const struct HSWindow *window, uint32_t width_px, uint32_t height_px);

#ifdef __cplusplus
}  // extern "C"
#endif  // __cplusplus

#endif  /* HOOKSHOT_H */
