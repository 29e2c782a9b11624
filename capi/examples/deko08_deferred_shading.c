/* deko3d's Example08 (Deferred Shading), ported to the C ABI: the teapot (deko_mesh.h)
 * drawn with transform_normal_vsh and basic_deferred_fsh into a G-buffer of three RGBA16F
 * targets (albedo, normal, view direction) and a Z24S8 depth buffer, then a full-screen
 * quad (composition_vsh, no vertex attributes) whose fragment shader (composition_fsh)
 * reads the three targets with texelFetch at ivec2(gl_FragCoord.xy) and lights them into
 * the sRGB framebuffer: the shaders are the sample's, as uam compiled them. As in the
 * sample, a first list binds the texture and sampler pools and is waited for; the static
 * list clears and fills the G-buffer, orders the tiles and invalidates the texture cache,
 * and discards the depth buffer; each framebuffer's list binds that framebuffer; the
 * composition list binds the G-buffer's textures (pool entries 0 to 2, sampler 0: a
 * default sampler), draws the quad, orders the tiles and discards the G-buffer. The
 * sample's tiled-cache settings (tile size 64x64, cache on) are a binning hint with no
 * effect on the picture; Hookshot has no call for them and the port leaves them out.
 * The frame at 1 s is made for both framebuffers and read back into the file named by
 * the first argument.
 *
 * usage: deko08_deferred_shading OUT.rgba CORPUS_DIR TEAPOT_VTX TEAPOT_IDX */
#include "deko_mesh.h"

#define TIME_S 1.0f
#define GBUFFER_TARGETS 3u

int main(int argc, char **argv) {
    if (argc != 5) {
        fprintf(stderr,
                "usage: deko08_deferred_shading OUT.rgba CORPUS_DIR TEAPOT_VTX TEAPOT_IDX\n");
        return 1;
    }
    HSDevice device;
    open_device(&device);
    HSMemoryPool pool;
    make_pool(&pool, &device, 64u << 20);
    struct dk_heap heap = {0};
    HSTexture framebuffers[DK_FRAMEBUFFERS], gbuffer[GBUFFER_TARGETS], depth;
    for (uint32_t i = 0; i < GBUFFER_TARGETS; i++)
        dk_texture(&gbuffer[i], &device, &pool, &heap, HS_FORMAT_RGBA16F, 1);
    dk_texture(&depth, &device, &pool, &heap, HS_FORMAT_Z24S8, 1);
    for (uint32_t i = 0; i < DK_FRAMEBUFFERS; i++)
        dk_texture(&framebuffers[i], &device, &pool, &heap, HS_FORMAT_RGBA8_SRGB, 1);
    HSBuffer vertices, indices, transform, lighting, readback;
    uint64_t vertices_b = 0, indices_b = 0;
    dk_mesh_load(&vertices, &vertices_b, &indices, &indices_b, &device, &pool, &heap, argv[3],
                 argv[4]);
    const uint64_t transform_offset_b = dk_alloc(&heap, 32 * sizeof(float), 256);
    const uint64_t lighting_offset_b = dk_alloc(&heap, sizeof DK_LIGHTING, 256);
    const uint64_t readback_offset_b = dk_alloc(&heap, DK_FRAMEBUFFERS * DK_IMAGE_B, 256);
    make_buffer(&transform, &device, &pool, transform_offset_b, 32 * sizeof(float));
    make_buffer(&lighting, &device, &pool, lighting_offset_b, sizeof DK_LIGHTING);
    make_buffer(&readback, &device, &pool, readback_offset_b, DK_FRAMEBUFFERS * DK_IMAGE_B);
    const HSshaderStage stages[2] = {HS_SHADER_STAGE_VERTEX, HS_SHADER_STAGE_FRAGMENT};
    HSProgram program, composition;
    const char *const names[2] = {"dk_transform_normal_vsh", "dk_basic_deferred_fsh"};
    dk_program(&program, &device, argv[2], 2, names, stages);
    const char *const composition_names[2] = {"dk_composition_vsh", "dk_composition_fsh"};
    dk_program(&composition, &device, argv[2], 2, composition_names, stages);

    /* The descriptor sets: the G-buffer's targets at 0 to 2, a default sampler at 0. */
    HSTexturePool texture_pool;
    HSSamplerPool sampler_pool;
    HSSampler sampler;
    HSSamplerBuilder sampler_builder;
    CHECK(hsSamplerBuilderSetDefaults(&sampler_builder));
    CHECK(hsSamplerBuilderSetDevice(&sampler_builder, &device));
    CHECK(hsSamplerInitialize(&sampler, &sampler_builder));
    CHECK(hsTexturePoolInitialize(&texture_pool, &device, 16));
    CHECK(hsSamplerPoolInitialize(&sampler_pool, &device, 16));
    for (uint32_t i = 0; i < GBUFFER_TARGETS; i++)
        CHECK(hsTexturePoolRegisterTexture(&texture_pool, i, &gbuffer[i], NULL));
    CHECK(hsSamplerPoolRegisterSampler(&sampler_pool, 0, &sampler));

    /* The persistent queue state: the pools, bound by a list submitted and waited for. */
    HSQueue queue;
    CHECK(hsQueueInitialize(&queue, &device));
    HSCommandBuffer commands;
    CHECK(hsCommandBufferInitialize(&commands, &device));
    dk_bind_pools_on_queue(&queue, &commands, &texture_pool, &sampler_pool);

    HScommandHandle framebuffer_lists[DK_FRAMEBUFFERS];
    dk_framebuffer_lists(&commands, framebuffers, NULL, framebuffer_lists);

    /* The static list: the G-buffer pass. */
    CHECK(hsCommandBufferBeginRecording(&commands));
    const HSTexture *targets[GBUFFER_TARGETS] = {&gbuffer[0], &gbuffer[1], &gbuffer[2]};
    CHECK(hsCommandBufferSetRenderTargets(&commands, GBUFFER_TARGETS, targets, NULL, &depth,
                                          NULL));
    const HSViewport viewport = {0.0f, 0.0f, (float)DK_WIDTH_PX, (float)DK_HEIGHT_PX, 0.0f, 1.0f};
    const HSScissor scissor = {0, 0, DK_WIDTH_PX, DK_HEIGHT_PX};
    const HSViewport viewports[GBUFFER_TARGETS] = {viewport, viewport, viewport};
    const HSScissor scissors[GBUFFER_TARGETS] = {scissor, scissor, scissor};
    CHECK(hsCommandBufferSetViewports(&commands, 0, GBUFFER_TARGETS, viewports));
    CHECK(hsCommandBufferSetScissors(&commands, 0, GBUFFER_TARGETS, scissors));
    dk_clear_targets(&commands, GBUFFER_TARGETS);
    CHECK(hsCommandBufferBindProgram(&commands, &program));
    CHECK(hsCommandBufferBindUniformBuffer(&commands, HS_SHADER_STAGE_VERTEX, 0, &transform, 0,
                                           32 * sizeof(float)));
    dk_bind_default_raster_and_color(&commands);
    dk_bind_default_depth_stencil(&commands);
    dk_vertex_layout(&commands, &vertices, vertices_b, DK_MESH_VERTEX_B, 3, 3, 12);
    CHECK(hsCommandBufferBindIndexBuffer(&commands, HS_INDEX_TYPE_UNSIGNED_SHORT, &indices, 0,
                                         indices_b));
    CHECK(hsCommandBufferDrawElements(&commands, HS_DRAW_PRIMITIVE_TRIANGLES, 0,
                                      (uint32_t)(indices_b / 2), 0, 0, 1));
    CHECK(hsCommandBufferBarrier(&commands,
                                 HS_BARRIER_ORDER_FRAGMENTS_TILED | HS_BARRIER_INVALIDATE_TEXTURE));
    CHECK(hsCommandBufferDiscardDepthStencil(&commands));
    HScommandHandle render_list;
    CHECK(hsCommandBufferEndRecording(&commands, &render_list));

    /* The composition list, drawn into whichever framebuffer the list before bound. */
    CHECK(hsCommandBufferBeginRecording(&commands));
    CHECK(hsCommandBufferBarrier(&commands, HS_BARRIER_INVALIDATE_TEXTURE_DESCRIPTOR));
    CHECK(hsCommandBufferSetViewports(&commands, 0, 1, &viewport));
    CHECK(hsCommandBufferSetScissors(&commands, 0, 1, &scissor));
    CHECK(hsCommandBufferBindProgram(&commands, &composition));
    CHECK(hsCommandBufferBindUniformBuffer(&commands, HS_SHADER_STAGE_FRAGMENT, 0, &lighting, 0,
                                           sizeof DK_LIGHTING));
    for (uint32_t i = 0; i < GBUFFER_TARGETS; i++) {
        uint64_t handle = 0;
        CHECK(hsDeviceGetTextureHandle(&device, i, 0, &handle));
        CHECK(hsCommandBufferBindTexture(&commands, HS_SHADER_STAGE_FRAGMENT, i, handle));
    }
    dk_bind_default_raster_and_color(&commands);
    CHECK(hsCommandBufferSetVertexAttributes(&commands, 0, NULL));
    CHECK(hsCommandBufferDrawArrays(&commands, HS_DRAW_PRIMITIVE_QUADS, 0, 4));
    CHECK(hsCommandBufferBarrier(&commands, HS_BARRIER_ORDER_FRAGMENTS_TILED));
    CHECK(hsCommandBufferSetRenderTargets(&commands, GBUFFER_TARGETS, targets, NULL, NULL, NULL));
    for (uint32_t i = 0; i < GBUFFER_TARGETS; i++) CHECK(hsCommandBufferDiscardColor(&commands, i));
    HScommandHandle composition_list;
    CHECK(hsCommandBufferEndRecording(&commands, &composition_list));

    /* The sample's dynamic command buffer: the frame's transformation and the lighting. */
    HSCommandBuffer dynamic;
    CHECK(hsCommandBufferInitialize(&dynamic, &device));
    HScommandHandle push = dk_mesh_push_list(&dynamic, &transform, &lighting, TIME_S, 1);

    const HScommandHandle before[2] = {push, render_list};
    const HScommandHandle after[1] = {composition_list};
    const struct dk_frame_lists lists = {before, 2, framebuffer_lists, after, 1};
    dk_present_frames(&device, &pool, &queue, framebuffers, &lists, &readback, readback_offset_b,
                      argv[1]);

    CHECK(hsCommandBufferFinalize(&dynamic));
    CHECK(hsCommandBufferFinalize(&commands));
    CHECK(hsQueueFinalize(&queue));
    CHECK(hsTexturePoolFinalize(&texture_pool));
    CHECK(hsSamplerPoolFinalize(&sampler_pool));
    CHECK(hsSamplerFinalize(&sampler));
    CHECK(hsProgramFinalize(&composition));
    CHECK(hsProgramFinalize(&program));
    CHECK(hsBufferFinalize(&readback));
    CHECK(hsBufferFinalize(&lighting));
    CHECK(hsBufferFinalize(&transform));
    CHECK(hsBufferFinalize(&indices));
    CHECK(hsBufferFinalize(&vertices));
    CHECK(hsTextureFinalize(&depth));
    for (uint32_t i = 0; i < GBUFFER_TARGETS; i++) CHECK(hsTextureFinalize(&gbuffer[i]));
    for (uint32_t i = 0; i < DK_FRAMEBUFFERS; i++) CHECK(hsTextureFinalize(&framebuffers[i]));
    CHECK(hsMemoryPoolFinalize(&pool));
    CHECK(hsDeviceFinalize(&device));
    return 0;
}
