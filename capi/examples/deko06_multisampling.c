/* deko3d's Example06 (Multisampling), ported to the C ABI: the colour cube of Example03
 * drawn into a 4-sample RGBA8 colour buffer and a 4-sample Z24S8 depth buffer with
 * deko3d's default rasterizer, depth-stencil and multisample state (4x, the standard
 * sample locations). As in the sample, the static list binds the multisample targets and
 * draws; each framebuffer's list resolves (downsamples) the colour buffer into that
 * framebuffer; a last list binds the multisample targets again and discards them. The
 * frame at 1 s is made for both framebuffers and read back into the file named by the
 * first argument.
 *
 * usage: deko06_multisampling OUT.rgba CORPUS_DIR */
#include "deko_port.h"
#include "deko_cube.h"

#define TIME_S 1.0f
#define SAMPLES 4u

int main(int argc, char **argv) {
    if (argc != 3) {
        fprintf(stderr, "usage: deko06_multisampling OUT.rgba CORPUS_DIR\n");
        return 1;
    }
    HSDevice device;
    open_device(&device);
    HSMemoryPool pool;
    make_pool(&pool, &device, 64u << 20);
    struct dk_heap heap = {0};
    HSTexture framebuffers[DK_FRAMEBUFFERS], color, depth;
    for (uint32_t i = 0; i < DK_FRAMEBUFFERS; i++)
        dk_texture(&framebuffers[i], &device, &pool, &heap, HS_FORMAT_RGBA8, 1);
    dk_texture(&color, &device, &pool, &heap, HS_FORMAT_RGBA8, SAMPLES);
    dk_texture(&depth, &device, &pool, &heap, HS_FORMAT_Z24S8, SAMPLES);
    const uint64_t vertices_offset_b = dk_alloc(&heap, sizeof DK_CUBE, 256);
    const uint64_t uniforms_offset_b = dk_alloc(&heap, 32 * sizeof(float), 256);
    const uint64_t readback_offset_b = dk_alloc(&heap, DK_FRAMEBUFFERS * DK_IMAGE_B, 256);
    CHECK(hsMemoryPoolWrite(&pool, vertices_offset_b, DK_CUBE, sizeof DK_CUBE));
    HSBuffer vertices, uniforms, readback;
    make_buffer(&vertices, &device, &pool, vertices_offset_b, sizeof DK_CUBE);
    make_buffer(&uniforms, &device, &pool, uniforms_offset_b, 32 * sizeof(float));
    make_buffer(&readback, &device, &pool, readback_offset_b, DK_FRAMEBUFFERS * DK_IMAGE_B);
    HSProgram program;
    const char *const names[2] = {"dk_transform_vsh", "dk_color_fsh"};
    const HSshaderStage stages[2] = {HS_SHADER_STAGE_VERTEX, HS_SHADER_STAGE_FRAGMENT};
    dk_program(&program, &device, argv[2], 2, names, stages);

    /* The framebuffer lists: each resolves the colour buffer into its framebuffer. */
    HSCommandBuffer commands;
    CHECK(hsCommandBufferInitialize(&commands, &device));
    HScommandHandle framebuffer_lists[DK_FRAMEBUFFERS];
    dk_resolve_lists(&commands, &color, framebuffers, framebuffer_lists);

    /* The static list. */
    CHECK(hsCommandBufferBeginRecording(&commands));
    const HSTexture *colors[1] = {&color};
    CHECK(hsCommandBufferSetRenderTargets(&commands, 1, colors, NULL, &depth, NULL));
    dk_full_viewport_and_scissor(&commands);
    dk_clear_targets(&commands, 1);
    CHECK(hsCommandBufferBindProgram(&commands, &program));
    CHECK(hsCommandBufferBindUniformBuffer(&commands, HS_SHADER_STAGE_VERTEX, 0, &uniforms, 0,
                                           32 * sizeof(float)));
    dk_bind_default_raster_and_color(&commands);
    /* deko3d's multisample defaults (all samples, no alpha to coverage, no shading rate). */
    CHECK(hsCommandBufferSetMultisampleState(&commands, 0xffffffffu, 0, 0, 0, 0.0f));
    dk_bind_default_depth_stencil(&commands);
    dk_vertex_layout(&commands, &vertices, sizeof DK_CUBE, sizeof(struct dk_vertex), 3, 3, 12);
    CHECK(hsCommandBufferDrawArrays(&commands, HS_DRAW_PRIMITIVE_QUADS, 0, DK_CUBE_VERTICES));
    HScommandHandle render_list;
    CHECK(hsCommandBufferEndRecording(&commands, &render_list));

    /* The discard list. */
    HScommandHandle discard_list = dk_discard_list(&commands, &color, &depth);

    float block[32];
    dk_cube_transform(block, TIME_S);
    HSCommandBuffer dynamic;
    CHECK(hsCommandBufferInitialize(&dynamic, &device));
    CHECK(hsCommandBufferBeginRecording(&dynamic));
    CHECK(hsCommandBufferUpdateUniformBuffer(&dynamic, &uniforms, 0, sizeof block, block));
    HScommandHandle push;
    CHECK(hsCommandBufferEndRecording(&dynamic, &push));

    HSQueue queue;
    CHECK(hsQueueInitialize(&queue, &device));
    const HScommandHandle before[2] = {push, render_list};
    const HScommandHandle after[1] = {discard_list};
    const struct dk_frame_lists lists = {before, 2, framebuffer_lists, after, 1};
    dk_present_frames(&device, &pool, &queue, framebuffers, &lists, &readback, readback_offset_b,
                      argv[1]);

    CHECK(hsCommandBufferFinalize(&dynamic));
    CHECK(hsCommandBufferFinalize(&commands));
    CHECK(hsQueueFinalize(&queue));
    CHECK(hsProgramFinalize(&program));
    CHECK(hsBufferFinalize(&readback));
    CHECK(hsBufferFinalize(&uniforms));
    CHECK(hsBufferFinalize(&vertices));
    CHECK(hsTextureFinalize(&depth));
    CHECK(hsTextureFinalize(&color));
    for (uint32_t i = 0; i < DK_FRAMEBUFFERS; i++) CHECK(hsTextureFinalize(&framebuffers[i]));
    CHECK(hsMemoryPoolFinalize(&pool));
    CHECK(hsDeviceFinalize(&device));
    return 0;
}
