/* deko3d's Example02 (Triangle), ported to the C ABI: a triangle with a colour at each
 * corner (red at the top, green bottom left, blue bottom right; clip space, y up) drawn
 * with deko3d's default rasterizer state (back faces culled, counter-clockwise in front)
 * over a 1280x720 framebuffer cleared to transparent black, with the sample's own shaders
 * (basic_vsh, color_fsh) as uam compiled them. As in the sample, one command buffer records
 * a list per framebuffer that binds it and then the drawing list, which binds no target
 * and goes on from what the lists before it bound on the queue. Both framebuffers are
 * drawn (the framebuffer list, then the drawing list, once each) and read back, one after
 * the other, into the file named by the first argument.
 *
 * usage: deko02_triangle OUT.rgba CORPUS_DIR */
#include "deko_port.h"

int main(int argc, char **argv) {
    if (argc != 3) {
        fprintf(stderr, "usage: deko02_triangle OUT.rgba CORPUS_DIR\n");
        return 1;
    }
    HSDevice device;
    open_device(&device);
    HSMemoryPool pool;
    make_pool(&pool, &device, 32u << 20);
    struct dk_heap heap = {0};
    HSTexture framebuffers[DK_FRAMEBUFFERS];
    for (uint32_t i = 0; i < DK_FRAMEBUFFERS; i++)
        dk_texture(&framebuffers[i], &device, &pool, &heap, HS_FORMAT_RGBA8, 1);
    const uint64_t vertices_offset_b = dk_alloc(&heap, sizeof DK_TRIANGLE, 256);
    const uint64_t readback_offset_b = dk_alloc(&heap, DK_FRAMEBUFFERS * DK_IMAGE_B, 256);
    CHECK(hsMemoryPoolWrite(&pool, vertices_offset_b, DK_TRIANGLE, sizeof DK_TRIANGLE));
    HSBuffer vertices, readback;
    make_buffer(&vertices, &device, &pool, vertices_offset_b, sizeof DK_TRIANGLE);
    make_buffer(&readback, &device, &pool, readback_offset_b, DK_FRAMEBUFFERS * DK_IMAGE_B);
    HSProgram program;
    const char *const names[2] = {"dk_basic_vsh", "dk_color_fsh"};
    const HSshaderStage stages[2] = {HS_SHADER_STAGE_VERTEX, HS_SHADER_STAGE_FRAGMENT};
    dk_program(&program, &device, argv[2], 2, names, stages);

    /* The sample's static command buffer: the framebuffer lists, then the drawing list. */
    HSCommandBuffer commands;
    CHECK(hsCommandBufferInitialize(&commands, &device));
    HScommandHandle framebuffer_lists[DK_FRAMEBUFFERS];
    dk_framebuffer_lists(&commands, framebuffers, NULL, framebuffer_lists);
    CHECK(hsCommandBufferBeginRecording(&commands));
    dk_full_viewport_and_scissor(&commands);
    const float clear[4] = {0.0f, 0.0f, 0.0f, 0.0f};
    CHECK(hsCommandBufferClearColor(&commands, 0, clear, HS_CLEAR_COLOR_MASK_RGBA));
    CHECK(hsCommandBufferBindProgram(&commands, &program));
    dk_bind_default_raster_and_color(&commands);
    dk_vertex_layout(&commands, &vertices, sizeof DK_TRIANGLE, sizeof(struct dk_vertex), 3, 3, 12);
    CHECK(hsCommandBufferDrawArrays(&commands, HS_DRAW_PRIMITIVE_TRIANGLES, 0, 3));
    HScommandHandle render_list;
    CHECK(hsCommandBufferEndRecording(&commands, &render_list));

    /* The harness's reads, on a command buffer of their own. */
    HSQueue queue;
    CHECK(hsQueueInitialize(&queue, &device));
    const HScommandHandle after[1] = {render_list};
    const struct dk_frame_lists lists = {NULL, 0, framebuffer_lists, after, 1};
    dk_present_frames(&device, &pool, &queue, framebuffers, &lists, &readback, readback_offset_b,
                      argv[1]);

    CHECK(hsCommandBufferFinalize(&commands));
    CHECK(hsQueueFinalize(&queue));
    CHECK(hsProgramFinalize(&program));
    CHECK(hsBufferFinalize(&readback));
    CHECK(hsBufferFinalize(&vertices));
    for (uint32_t i = 0; i < DK_FRAMEBUFFERS; i++) CHECK(hsTextureFinalize(&framebuffers[i]));
    CHECK(hsMemoryPoolFinalize(&pool));
    CHECK(hsDeviceFinalize(&device));
    return 0;
}
