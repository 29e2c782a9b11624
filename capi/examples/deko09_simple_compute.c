/* deko3d's Example09 (Simple Compute), ported to the C ABI: the sample's compute shader
 * (sinewave) writes 256 vertices of a sine wave (position and colour, 32 bytes each) into
 * a storage buffer, from a uniform block of two colours, an offset and a scale; a barrier
 * orders it before the draw, which reads the same buffer as vertex stream 0 and draws a
 * line strip 16 px wide with the sample's basic_vsh and color_fsh, deko3d's rasterizer
 * defaults with every smoothing bit on (polygon smoothing changes no line), blending on
 * for target 0 through the colour state (deko3d's blend defaults) over transparent black. The parameters are the ones the
 * sample computes for the frame at 0.1 s. As in the sample, the compute list, the
 * framebuffer list and the drawing list are submitted in that order, after a list that
 * pushes the parameters. Both framebuffers are drawn and read back into the file named by
 * the first argument.
 *
 * usage: deko09_simple_compute OUT.rgba CORPUS_DIR */
#include <math.h>

#include "deko_port.h"

#define VERTICES 256u
#define TIME_S 0.1f

struct generator_params {
    float color_a[4];
    float color_b[4];
    float offset;
    float scale;
    float padding[2];
};

int main(int argc, char **argv) {
    if (argc != 3) {
        fprintf(stderr, "usage: deko09_simple_compute OUT.rgba CORPUS_DIR\n");
        return 1;
    }
    const float tau = 6.28318530717958647692f;
    struct generator_params params = {{1.0f, 0.0f, 1.0f, 1.0f}, {0.0f, 1.0f, 0.0f, 1.0f}, 0, 1, {0, 0}};
    params.offset = TIME_S / 4.0f - floorf(TIME_S / 4.0f);
    float xx = TIME_S * 135.0f / 60.0f / 2.0f;
    xx -= floorf(xx);
    params.scale = cosf(xx * tau);
    params.color_a[1] = powf(fabsf(params.scale), 4.0f);
    params.color_b[1] = 1.0f - params.color_a[1];

    HSDevice device;
    open_device(&device);
    HSMemoryPool pool;
    make_pool(&pool, &device, 32u << 20);
    struct dk_heap heap = {0};
    HSTexture framebuffers[DK_FRAMEBUFFERS];
    for (uint32_t i = 0; i < DK_FRAMEBUFFERS; i++)
        dk_texture(&framebuffers[i], &device, &pool, &heap, HS_FORMAT_RGBA8, 1);
    const uint64_t vertices_b = VERTICES * 32u;
    const uint64_t params_offset_b = dk_alloc(&heap, sizeof params, 256);
    const uint64_t vertices_offset_b = dk_alloc(&heap, vertices_b, 256);
    const uint64_t readback_offset_b = dk_alloc(&heap, DK_FRAMEBUFFERS * DK_IMAGE_B, 256);
    HSBuffer uniforms, vertices, readback;
    make_buffer(&uniforms, &device, &pool, params_offset_b, sizeof params);
    make_buffer(&vertices, &device, &pool, vertices_offset_b, vertices_b);
    make_buffer(&readback, &device, &pool, readback_offset_b, DK_FRAMEBUFFERS * DK_IMAGE_B);
    HSProgram compute, graphics;
    const char *const compute_names[1] = {"dk_sinewave"};
    const HSshaderStage compute_stages[1] = {HS_SHADER_STAGE_COMPUTE};
    dk_program(&compute, &device, argv[2], 1, compute_names, compute_stages);
    const char *const names[2] = {"dk_basic_vsh", "dk_color_fsh"};
    const HSshaderStage stages[2] = {HS_SHADER_STAGE_VERTEX, HS_SHADER_STAGE_FRAGMENT};
    dk_program(&graphics, &device, argv[2], 2, names, stages);

    HSCommandBuffer commands;
    CHECK(hsCommandBufferInitialize(&commands, &device));
    HScommandHandle framebuffer_lists[DK_FRAMEBUFFERS];
    dk_framebuffer_lists(&commands, framebuffers, NULL, framebuffer_lists);

    /* The compute list. */
    CHECK(hsCommandBufferBeginRecording(&commands));
    CHECK(hsCommandBufferBindProgram(&commands, &compute));
    CHECK(hsCommandBufferBindUniformBuffer(&commands, HS_SHADER_STAGE_COMPUTE, 0, &uniforms, 0,
                                           sizeof params));
    CHECK(hsCommandBufferBindStorageBuffer(&commands, HS_SHADER_STAGE_COMPUTE, 0, &vertices, 0,
                                           vertices_b));
    CHECK(hsCommandBufferDispatchCompute(&commands, VERTICES / 32u, 1, 1));
    CHECK(hsCommandBufferBarrier(&commands, HS_BARRIER_ORDER_PRIMITIVES));
    HScommandHandle compute_list;
    CHECK(hsCommandBufferEndRecording(&commands, &compute_list));

    /* The drawing list. */
    CHECK(hsCommandBufferBeginRecording(&commands));
    HSRasterizerState raster;
    CHECK(hsRasterizerStateSetDefaults(&raster));
    raster.line_width_px = 16.0f;
    dk_full_viewport_and_scissor(&commands);
    const float clear[4] = {0.0f, 0.0f, 0.0f, 0.0f};
    CHECK(hsCommandBufferClearColor(&commands, 0, clear, HS_CLEAR_COLOR_MASK_RGBA));
    CHECK(hsCommandBufferBindProgram(&commands, &graphics));
    dk_bind_default_raster_and_color(&commands);
    CHECK(hsCommandBufferSetRasterizerState(&commands, &raster));
    CHECK(hsCommandBufferSetSmoothing(&commands, 1, 1));
    /* The sample's colour state: blending on for target 0 (its equations deko3d's
     * defaults, bound above), in the one call NVN's colour state object maps to. A mask
     * naming a ninth target is refused, naming the field. */
    HSColorState color;
    CHECK(hsColorStateSetDefaults(&color));
    color.blend_enable_mask = 1u << 8;
    if (hsCommandBufferSetColorState(&commands, &color) != HS_ERROR_OUT_OF_RANGE) {
        fprintf(stderr, "a blend enable mask past target 7 was taken\n");
        return 1;
    }
    color.blend_enable_mask = 1;
    CHECK(hsCommandBufferSetColorState(&commands, &color));
    dk_vertex_layout(&commands, &vertices, vertices_b, 32, 4, 4, 16);
    CHECK(hsCommandBufferDrawArrays(&commands, HS_DRAW_PRIMITIVE_LINE_STRIP, 0, VERTICES));
    HScommandHandle render_list;
    CHECK(hsCommandBufferEndRecording(&commands, &render_list));

    HSCommandBuffer dynamic;
    CHECK(hsCommandBufferInitialize(&dynamic, &device));
    CHECK(hsCommandBufferBeginRecording(&dynamic));
    CHECK(hsCommandBufferUpdateUniformBuffer(&dynamic, &uniforms, 0, sizeof params, &params));
    HScommandHandle push;
    CHECK(hsCommandBufferEndRecording(&dynamic, &push));

    HSQueue queue;
    CHECK(hsQueueInitialize(&queue, &device));
    const HScommandHandle before[2] = {push, compute_list};
    const HScommandHandle after[1] = {render_list};
    const struct dk_frame_lists lists = {before, 2, framebuffer_lists, after, 1};
    dk_present_frames(&device, &pool, &queue, framebuffers, &lists, &readback, readback_offset_b,
                      argv[1]);

    CHECK(hsCommandBufferFinalize(&dynamic));
    CHECK(hsCommandBufferFinalize(&commands));
    CHECK(hsQueueFinalize(&queue));
    CHECK(hsProgramFinalize(&graphics));
    CHECK(hsProgramFinalize(&compute));
    CHECK(hsBufferFinalize(&readback));
    CHECK(hsBufferFinalize(&vertices));
    CHECK(hsBufferFinalize(&uniforms));
    for (uint32_t i = 0; i < DK_FRAMEBUFFERS; i++) CHECK(hsTextureFinalize(&framebuffers[i]));
    CHECK(hsMemoryPoolFinalize(&pool));
    CHECK(hsDeviceFinalize(&device));
    return 0;
}
