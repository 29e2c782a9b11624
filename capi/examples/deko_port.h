/* What the ports of deko3d's samples (switchbrew/switch-examples,
 * graphics/deko3d/deko_examples) share: the samples' 1280x720 framebuffers, a command list
 * per framebuffer that binds it (the samples' "framebuffer_cmdlists"), programs from the
 * samples' own shaders as uam compiled them (the corpus in
 * shader_translate/tests/maxwell_corpus, dk_NAME/out.dksh), and reading a framebuffer back
 * into a file. The state each sample sets comes from the hs*SetDefaults calls, as the
 * samples take deko3d's dk*StateDefaults. Nothing here turns the picture round: the ports
 * run with NVN's default window (upper-left origin, clip-space y up). */
#ifndef HOOKSHOT_DEKO_PORT_H
#define HOOKSHOT_DEKO_PORT_H

#include "common.h"

#define DK_WIDTH_PX 1280u
#define DK_HEIGHT_PX 720u
#define DK_FRAMEBUFFERS 2u
#define DK_IMAGE_B ((uint64_t)DK_WIDTH_PX * DK_HEIGHT_PX * 4u)

/* A vertex of Examples 02, 03, 05 and 06: position, colour. */
struct dk_vertex {
    float position[3];
    float color[3];
};

/* The triangle of Examples 02 and 05: red at the top, green bottom left, blue bottom
 * right (clip space, y up). */
static const struct dk_vertex DK_TRIANGLE[3] = {
    {{0.0f, 1.0f, 0.0f}, {1.0f, 0.0f, 0.0f}},
    {{-1.0f, -1.0f, 0.0f}, {0.0f, 1.0f, 0.0f}},
    {{1.0f, -1.0f, 0.0f}, {0.0f, 0.0f, 1.0f}},
};

/* Storage handed out from a pool front to back at each layout's alignment, as the
 * samples' CMemPool does (a texture's size is what its layout says, padding included). */
struct dk_heap {
    uint64_t next_b;
};

static inline uint64_t dk_alloc(struct dk_heap *heap, uint64_t size_b, uint64_t alignment_b) {
    uint64_t at = (heap->next_b + alignment_b - 1) / alignment_b * alignment_b;
    heap->next_b = at + size_b;
    return at;
}

/* A texture of `format`, 1280x720, `samples` (1: single-sample 2D), in storage from
 * `heap` of `pool`. */
static inline void dk_texture(HSTexture *texture, const HSDevice *device, const HSMemoryPool *pool,
                              struct dk_heap *heap, HSformat format, uint32_t samples) {
    HSTextureBuilder builder;
    CHECK(hsTextureBuilderSetDefaults(&builder));
    CHECK(hsTextureBuilderSetDevice(&builder, device));
    if (samples > 1) {
        CHECK(hsTextureBuilderSetTarget(&builder, HS_TEXTURE_TARGET_2D_MULTISAMPLE));
        CHECK(hsTextureBuilderSetSamples(&builder, samples));
    }
    CHECK(hsTextureBuilderSetFormat(&builder, format));
    CHECK(hsTextureBuilderSetSize2D(&builder, DK_WIDTH_PX, DK_HEIGHT_PX));
    uint64_t size_b = 0, alignment_b = 0;
    CHECK(hsTextureBuilderGetStorageSize(&builder, &size_b));
    CHECK(hsTextureBuilderGetStorageAlignment(&builder, &alignment_b));
    CHECK(hsTextureBuilderSetStorage(&builder, pool, dk_alloc(heap, size_b, alignment_b)));
    CHECK(hsTextureInitialize(texture, &builder));
}

/* A buffer of `size_b` bytes from `heap` of `pool`. */
static inline void dk_buffer(HSBuffer *buffer, const HSDevice *device, const HSMemoryPool *pool,
                             struct dk_heap *heap, uint64_t size_b) {
    make_buffer(buffer, device, pool, dk_alloc(heap, size_b, 256), size_b);
}

/* The bytes of corpus shader `name` (dk_NAME/out.dksh under `dir`). */
static inline HSCompiledShaderData dk_shader(const char *dir, const char *name, HSshaderStage stage) {
    char path[1024];
    snprintf(path, sizeof path, "%s/%s/out.dksh", dir, name);
    HSCompiledShaderData shader;
    memset(&shader, 0, sizeof shader);
    shader.stage = stage;
    shader.code = HS_COMPILED_CODE_DKSH;
    shader.data = read_file(path, &shader.size_b);
    return shader;
}

/* A program of `count` corpus shaders (deko3d's slot convention: NULL slot map). */
static inline void dk_program(HSProgram *program, const HSDevice *device, const char *dir,
                              uint32_t count, const char *const names[],
                              const HSshaderStage stages[]) {
    HSCompiledShaderData shaders[5];
    for (uint32_t i = 0; i < count; i++) shaders[i] = dk_shader(dir, names[i], stages[i]);
    CHECK(hsProgramInitialize(program, device));
    CHECK(hsProgramSetCompiledShaders(program, count, shaders, NULL));
    for (uint32_t i = 0; i < count; i++) free((void *)shaders[i].data);
}

/* The samples' full-framebuffer viewport (depth 0 to 1) and scissor. */
static inline void dk_full_viewport_and_scissor(const HSCommandBuffer *commands) {
    HSViewport viewport = {0.0f, 0.0f, (float)DK_WIDTH_PX, (float)DK_HEIGHT_PX, 0.0f, 1.0f};
    HSScissor scissor = {0, 0, DK_WIDTH_PX, DK_HEIGHT_PX};
    CHECK(hsCommandBufferSetViewports(commands, 0, 1, &viewport));
    CHECK(hsCommandBufferSetScissors(commands, 0, 1, &scissor));
}

/* deko3d's rasterizer, colour and colour-write defaults bound (what each sample binds from
 * its default-made dk::RasterizerState, dk::ColorState, dk::ColorWriteState). */
static inline void dk_bind_default_raster_and_color(const HSCommandBuffer *commands) {
    HSRasterizerState raster;
    CHECK(hsRasterizerStateSetDefaults(&raster));
    CHECK(hsCommandBufferSetRasterizerState(commands, &raster));
    HSBlendState blend;
    CHECK(hsBlendStateSetDefaults(&blend));
    for (uint32_t target = 0; target < 8; target++)
        CHECK(hsCommandBufferSetBlendState(commands, target, &blend));
    HSColorState color;
    CHECK(hsColorStateSetDefaults(&color));
    CHECK(hsCommandBufferSetColorState(commands, &color));
    const uint32_t masks[8] = {15, 15, 15, 15, 15, 15, 15, 15};
    CHECK(hsCommandBufferSetColorWriteMasks(commands, masks));
}

/* One list per framebuffer that binds it (with `depth`, if not NULL), recorded on
 * `commands` (whose next list goes on from the last of them, as deko3d's does). */
static inline void dk_framebuffer_lists(const HSCommandBuffer *commands,
                                        const HSTexture framebuffers[],
                                        const HSTexture *depth, HScommandHandle lists[]) {
    for (uint32_t i = 0; i < DK_FRAMEBUFFERS; i++) {
        const HSTexture *colors[1] = {&framebuffers[i]};
        CHECK(hsCommandBufferBeginRecording(commands));
        CHECK(hsCommandBufferSetRenderTargets(commands, 1, colors, NULL, depth, NULL));
        CHECK(hsCommandBufferEndRecording(commands, &lists[i]));
    }
}

/* One list per framebuffer that resolves (downsamples) the multisample `color` into it
 * (Examples 06 and 07's "framebuffer_cmdlists"), recorded on `commands`. */
static inline void dk_resolve_lists(const HSCommandBuffer *commands, const HSTexture *color,
                                    const HSTexture framebuffers[], HScommandHandle lists[]) {
    for (uint32_t i = 0; i < DK_FRAMEBUFFERS; i++) {
        CHECK(hsCommandBufferBeginRecording(commands));
        CHECK(hsCommandBufferDownsample(commands, color, &framebuffers[i]));
        CHECK(hsCommandBufferEndRecording(commands, &lists[i]));
    }
}

/* A list (recorded on `commands`) that binds `color` and `depth` again and discards both
 * (Examples 06 and 07's "discard_cmdlist"). */
static inline HScommandHandle dk_discard_list(const HSCommandBuffer *commands,
                                              const HSTexture *color, const HSTexture *depth) {
    const HSTexture *colors[1] = {color};
    HScommandHandle list;
    CHECK(hsCommandBufferBeginRecording(commands));
    CHECK(hsCommandBufferSetRenderTargets(commands, 1, colors, NULL, depth, NULL));
    CHECK(hsCommandBufferDiscardColor(commands, 0));
    CHECK(hsCommandBufferDiscardDepthStencil(commands));
    CHECK(hsCommandBufferEndRecording(commands, &list));
    return list;
}

/* Colour targets 0 to `color_count` - 1 cleared to transparent black and the depth buffer
 * to 1 with stencil 0, as the samples clear. */
static inline void dk_clear_targets(const HSCommandBuffer *commands, uint32_t color_count) {
    const float clear[4] = {0.0f, 0.0f, 0.0f, 0.0f};
    for (uint32_t i = 0; i < color_count; i++)
        CHECK(hsCommandBufferClearColor(commands, i, clear, HS_CLEAR_COLOR_MASK_RGBA));
    CHECK(hsCommandBufferClearDepthStencil(commands, 1.0f, 1, 0, 0xff));
}

/* The samples' descriptor sets made persistent queue state: `texture_pool` and
 * `sampler_pool` bound by a list recorded on `commands`, submitted to `queue` and waited
 * for; then `commands` is cleared for the static lists. */
static inline void dk_bind_pools_on_queue(const HSQueue *queue, const HSCommandBuffer *commands,
                                          const HSTexturePool *texture_pool,
                                          const HSSamplerPool *sampler_pool) {
    HScommandHandle setup;
    CHECK(hsCommandBufferBeginRecording(commands));
    CHECK(hsCommandBufferSetTexturePool(commands, texture_pool));
    CHECK(hsCommandBufferSetSamplerPool(commands, sampler_pool));
    CHECK(hsCommandBufferEndRecording(commands, &setup));
    CHECK(hsQueueSubmitCommands(queue, 1, &setup));
    CHECK(hsQueueFinish(queue));
    CHECK(hsCommandBufferClearCommands(commands));
}

/* A list (recorded on `commands`) that copies `framebuffer` into `readback` at
 * `offset_b`: the harness's, standing in for the samples' present. */
static inline HScommandHandle dk_readback_list(const HSCommandBuffer *commands,
                                               const HSTexture *framebuffer,
                                               const HSBuffer *readback, uint64_t offset_b) {
    HScommandHandle list;
    HSCopyRegion region = {0, 0, 0, DK_WIDTH_PX, DK_HEIGHT_PX, 1};
    CHECK(hsCommandBufferBeginRecording(commands));
    CHECK(hsCommandBufferCopyTextureToBuffer(commands, framebuffer, 0, &region, readback, offset_b,
                                             0, 0));
    CHECK(hsCommandBufferEndRecording(commands, &list));
    return list;
}

/* Vertex stream 0 of `buffer` (`size_b` bytes, `stride_b` a vertex): location 0 takes
 * `position_components` floats at the vertex's start, location 1 `attribute_components`
 * floats at `attribute_offset_b` (the samples' DkVtxAttribState and DkVtxBufferState). */
static inline void dk_vertex_layout(const HSCommandBuffer *commands, const HSBuffer *buffer,
                                    uint64_t size_b, uint32_t stride_b,
                                    uint32_t position_components, uint32_t attribute_components,
                                    uint32_t attribute_offset_b) {
    CHECK(hsCommandBufferBindVertexBuffer(commands, 0, buffer, 0, size_b));
    const HSVertexAttribute attributes[2] = {
        {0, 0, HS_VERTEX_COMPONENT_FLOAT32, position_components, 0},
        {1, 0, HS_VERTEX_COMPONENT_FLOAT32, attribute_components, attribute_offset_b},
    };
    CHECK(hsCommandBufferSetVertexAttributes(commands, 2, attributes));
    HSVertexStream stream;
    CHECK(hsVertexStreamSetDefaults(&stream));
    stream.stride_b = stride_b;
    CHECK(hsCommandBufferSetVertexStreams(commands, 1, &stream));
}

/* deko3d's depth-stencil defaults bound (a default-made dk::DepthStencilState). */
static inline void dk_bind_default_depth_stencil(const HSCommandBuffer *commands) {
    HSDepthStencilState state;
    CHECK(hsDepthStencilStateSetDefaults(&state));
    CHECK(hsCommandBufferSetDepthStencilState(commands, &state));
}

/* The samples' frames, one a framebuffer: `before` lists, the framebuffer's list,
 * `after` lists, then (the harness's own, on a command buffer of its own) a copy of the
 * framebuffer into `readback` at its place. Then every framebuffer read back goes to
 * `out_path`, and the validation layer must have reported nothing. */
struct dk_frame_lists {
    const HScommandHandle *before;
    uint32_t before_count;
    const HScommandHandle *framebuffer_lists;
    const HScommandHandle *after;
    uint32_t after_count;
};

static inline void dk_present_frames(const HSDevice *device, const HSMemoryPool *pool,
                                     const HSQueue *queue, const HSTexture framebuffers[],
                                     const struct dk_frame_lists *lists, const HSBuffer *readback,
                                     uint64_t readback_offset_b, const char *out_path) {
    HSCommandBuffer harness;
    CHECK(hsCommandBufferInitialize(&harness, device));
    for (uint32_t slot = 0; slot < DK_FRAMEBUFFERS; slot++) {
        HScommandHandle read =
            dk_readback_list(&harness, &framebuffers[slot], readback, slot * DK_IMAGE_B);
        for (uint32_t i = 0; i < lists->before_count; i++)
            CHECK(hsQueueSubmitCommands(queue, 1, &lists->before[i]));
        CHECK(hsQueueSubmitCommands(queue, 1, &lists->framebuffer_lists[slot]));
        for (uint32_t i = 0; i < lists->after_count; i++)
            CHECK(hsQueueSubmitCommands(queue, 1, &lists->after[i]));
        CHECK(hsQueueSubmitCommands(queue, 1, &read));
    }
    CHECK(hsQueueFinish(queue));
    void *mapped = NULL;
    CHECK(hsMemoryPoolMap(pool, &mapped));
    write_file(out_path, (const unsigned char *)mapped + readback_offset_b,
               DK_FRAMEBUFFERS * DK_IMAGE_B);
    check_validation(device);
    CHECK(hsCommandBufferFinalize(&harness));
}

#endif
