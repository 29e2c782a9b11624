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
#include "deko_msaa.h"
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
    struct dk_msaa msaa;
    dk_msaa_targets(&msaa, &device, &pool, &heap, HS_FORMAT_RGBA8, SAMPLES);
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

    /* The framebuffer lists (each resolves the colour buffer into its framebuffer), then
     * the static list. */
    HSCommandBuffer commands;
    CHECK(hsCommandBufferInitialize(&commands, &device));
    dk_msaa_begin_static(&msaa, &commands, &program);
    CHECK(hsCommandBufferBindUniformBuffer(&commands, HS_SHADER_STAGE_VERTEX, 0, &uniforms, 0,
                                           32 * sizeof(float)));
    dk_msaa_default_state(&commands);
    dk_vertex_layout(&commands, &vertices, sizeof DK_CUBE, sizeof(struct dk_vertex), 3, 3, 12);
    CHECK(hsCommandBufferDrawArrays(&commands, HS_DRAW_PRIMITIVE_QUADS, 0, DK_CUBE_VERTICES));
    /* The static list ended, and the discard list. */
    HScommandHandle render_list = dk_msaa_end_static(&msaa, &commands);

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
    dk_msaa_present(&msaa, &device, &pool, &queue, push, render_list, &readback,
                    readback_offset_b, argv[1]);

    CHECK(hsCommandBufferFinalize(&dynamic));
    CHECK(hsCommandBufferFinalize(&commands));
    CHECK(hsQueueFinalize(&queue));
    CHECK(hsProgramFinalize(&program));
    CHECK(hsBufferFinalize(&readback));
    CHECK(hsBufferFinalize(&uniforms));
    CHECK(hsBufferFinalize(&vertices));
    dk_msaa_finalize(&msaa);
    CHECK(hsMemoryPoolFinalize(&pool));
    CHECK(hsDeviceFinalize(&device));
    return 0;
}
