/* deko3d's Example03 (Cube), ported to the C ABI: the colour cube (deko_cube.h) drawn as
 * quads with deko3d's default rasterizer (back faces culled) and depth-stencil state
 * (test and write on, LESS) over a 1280x720 framebuffer and a Z24S8 depth buffer, with the
 * sample's shaders (transform_vsh, color_fsh) as uam compiled them. As in the sample, the
 * framebuffer lists bind a framebuffer and the depth buffer, the static list draws and
 * binds no target, and each frame a dynamic list first pushes the transformation into the
 * uniform buffer. The frame at 1 s is drawn into both framebuffers and read back into
 * the file named by the first argument.
 *
 * usage: deko03_cube OUT.rgba CORPUS_DIR */
#include "deko_port.h"
#include "deko_cube.h"

#define TIME_S 1.0f

int main(int argc, char **argv) {
    if (argc != 3) {
        fprintf(stderr, "usage: deko03_cube OUT.rgba CORPUS_DIR\n");
        return 1;
    }
    HSDevice device;
    open_device(&device);
    HSMemoryPool pool;
    make_pool(&pool, &device, 32u << 20);
    struct dk_heap heap = {0};
    HSTexture framebuffers[DK_FRAMEBUFFERS], depth;
    for (uint32_t i = 0; i < DK_FRAMEBUFFERS; i++)
        dk_texture(&framebuffers[i], &device, &pool, &heap, HS_FORMAT_RGBA8, 1);
    dk_texture(&depth, &device, &pool, &heap, HS_FORMAT_Z24S8, 1);
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

    HSCommandBuffer commands;
    CHECK(hsCommandBufferInitialize(&commands, &device));
    HScommandHandle framebuffer_lists[DK_FRAMEBUFFERS];
    dk_framebuffer_lists(&commands, framebuffers, &depth, framebuffer_lists);
    CHECK(hsCommandBufferBeginRecording(&commands));
    dk_full_viewport_and_scissor(&commands);
    const float clear[4] = {0.0f, 0.0f, 0.0f, 0.0f};
    CHECK(hsCommandBufferClearColor(&commands, 0, clear, HS_CLEAR_COLOR_MASK_RGBA));
    CHECK(hsCommandBufferClearDepthStencil(&commands, 1.0f, 1, 0, 0xff));
    CHECK(hsCommandBufferBindProgram(&commands, &program));
    CHECK(hsCommandBufferBindUniformBuffer(&commands, HS_SHADER_STAGE_VERTEX, 0, &uniforms, 0,
                                           32 * sizeof(float)));
    dk_bind_default_raster_and_color(&commands);
    dk_bind_default_depth_stencil(&commands);
    dk_vertex_layout(&commands, &vertices, sizeof DK_CUBE, sizeof(struct dk_vertex), 3, 3, 12);
    CHECK(hsCommandBufferDrawArrays(&commands, HS_DRAW_PRIMITIVE_QUADS, 0, DK_CUBE_VERTICES));
    CHECK(hsCommandBufferBarrier(&commands, HS_BARRIER_ORDER_FRAGMENTS));
    CHECK(hsCommandBufferDiscardDepthStencil(&commands));
    HScommandHandle render_list;
    CHECK(hsCommandBufferEndRecording(&commands, &render_list));

    /* The sample's dynamic command buffer: the frame's transformation. */
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
    const HScommandHandle before[1] = {push};
    const HScommandHandle after[1] = {render_list};
    const struct dk_frame_lists lists = {before, 1, framebuffer_lists, after, 1};
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
    for (uint32_t i = 0; i < DK_FRAMEBUFFERS; i++) CHECK(hsTextureFinalize(&framebuffers[i]));
    CHECK(hsMemoryPoolFinalize(&pool));
    CHECK(hsDeviceFinalize(&device));
    return 0;
}
