/* deko3d's Example05 (Tessellation), ported to the C ABI: Example02's triangle (red at
 * the top, green bottom left, blue bottom right; clip space, y up) drawn as one patch of
 * three control points through the sample's shaders as uam compiled them: basic_vsh, the
 * control stage tess_simple_tcsh (inner level 5, outer levels 2, 3, 5), the evaluation
 * stage tess_simple_tesh (triangles, equal spacing, counter-clockwise) and color_fsh. The
 * rasterizer is deko3d's default (back faces culled) with polygons drawn as lines, every
 * smoothing bit on and 4 px lines, blending on (deko3d's blend defaults), over transparent
 * black: the generated triangles must face front to be drawn at all. Both framebuffers are
 * drawn and read back into the file named by the first argument.
 *
 * usage: deko05_tessellation OUT.rgba CORPUS_DIR */
#include "deko_port.h"

int main(int argc, char **argv) {
    if (argc != 3) {
        fprintf(stderr, "usage: deko05_tessellation OUT.rgba CORPUS_DIR\n");
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
    const char *const names[4] = {"dk_basic_vsh", "dk_tess_simple_tcsh", "dk_tess_simple_tesh",
                                  "dk_color_fsh"};
    const HSshaderStage stages[4] = {HS_SHADER_STAGE_VERTEX, HS_SHADER_STAGE_TESS_CONTROL,
                                     HS_SHADER_STAGE_TESS_EVALUATION, HS_SHADER_STAGE_FRAGMENT};
    dk_program(&program, &device, argv[2], 4, names, stages);

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
    HSRasterizerState raster;
    CHECK(hsRasterizerStateSetDefaults(&raster));
    raster.polygon_mode = HS_POLYGON_MODE_LINE;
    raster.line_width_px = 4.0f;
    CHECK(hsCommandBufferSetRasterizerState(&commands, &raster));
    CHECK(hsCommandBufferSetSmoothing(&commands, 1, 1));
    HSColorState color;
    CHECK(hsColorStateSetDefaults(&color));
    color.blend_enable_mask = 1;
    CHECK(hsCommandBufferSetColorState(&commands, &color));
    CHECK(hsCommandBufferSetPatchSize(&commands, 3));
    dk_vertex_layout(&commands, &vertices, sizeof DK_TRIANGLE, sizeof(struct dk_vertex), 3, 3, 12);
    /* Smoothed line-mode tessellation is refused on Mesa's llvmpipe, which draws it from
     * stale vertex data after the first draw (docs/nvn-conventions.md): the port says so
     * and stops, writing nothing. */
    if (hsCommandBufferDrawArrays(&commands, HS_DRAW_PRIMITIVE_PATCHES, 0, 3) == HS_ERROR_REFUSED) {
        printf("refused: smoothed line-mode tessellation\n");
        return 0;
    }
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
