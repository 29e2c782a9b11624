/* State setters take a short way too, as binds and draws do: one scissor or one viewport
 * is kept in its command (no list of one is made), and blend, depth-stencil and
 * rasterizer states are checked without the full way's frame. This example gives each
 * setter the inputs its short way must decline, right after a call of the same setter
 * that took it: each must fail with its code and one message naming its entry point, and
 * record nothing. Then DRAWS draws, each after its own scissor, viewport and blend state
 * (as Dear ImGui's renderer sets a clip rectangle a draw): draw d is scissored to column
 * d / 2 of the target, the first of a column's two draws replaces what the clear left
 * (blend ONE, ZERO) and the second adds to it (ONE, ONE), each with 1/255 of red. So
 * every column inside the triangle holds 2/255 of red, and a change lost, doubled or
 * taken from the wrong draw shows in the red the test reads back (the clear's 100
 * outside the triangle). */
#include <stdint.h>

#include "expect_fail.h"

#define SIZE_PX 64u
#define DRAWS (2u * SIZE_PX)
#define TINT_STRIDE_B 256u

int main(int argc, char **argv) {
    const char *out_path = output_path(argc, argv);
    HSDevice device;
    HSDeviceBuilder device_builder;
    CHECK(hsDeviceBuilderSetDefaults(&device_builder));
    CHECK(hsDeviceInitialize(&device, &device_builder));
    CHECK(hsDeviceInstallDebugCallback(&device, log_message, NULL));
    HSMemoryPool pool;
    make_pool(&pool, &device, 1u << 20);
    const uint64_t positions_offset_b = 256u << 10, tints_offset_b = 512u << 10;
    const uint64_t readback_offset_b = 768u << 10;
    const uint64_t image_b = SIZE_PX * SIZE_PX * 4, tints_b = DRAWS * TINT_STRIDE_B;
    CHECK(hsMemoryPoolWrite(&pool, positions_offset_b, HALF_TRIANGLE, sizeof HALF_TRIANGLE));
    const float tint[4] = {1.0f / 255.0f, 0.0f, 0.0f, 1.0f};
    for (uint32_t draw = 0; draw < DRAWS; draw++)
        CHECK(hsMemoryPoolWrite(&pool, tints_offset_b + draw * TINT_STRIDE_B, tint, sizeof tint));

    HSTexture target;
    make_texture_2d(&target, &device, &pool, 0, HS_FORMAT_RGBA8, SIZE_PX, SIZE_PX);
    HSBuffer positions, tints, readback;
    make_buffer(&positions, &device, &pool, positions_offset_b, sizeof HALF_TRIANGLE);
    make_buffer(&tints, &device, &pool, tints_offset_b, tints_b);
    make_buffer(&readback, &device, &pool, readback_offset_b, image_b);
    HSProgram program;
    make_program(&program, &device, POSITION_VERTEX, TINT_FRAGMENT);

    HSCommandBuffer commands;
    CHECK(hsCommandBufferInitialize(&commands, &device));
    const HSCommandBuffer *cmd = &commands;
    CHECK(hsCommandBufferBeginRecording(cmd));
    const HSTexture *colors[1] = {&target};
    CHECK(hsCommandBufferSetRenderTargets(cmd, 1, colors, NULL, NULL, NULL));
    set_area(cmd, SIZE_PX, SIZE_PX);
    const float clear[4] = {100.0f / 255.0f, 0.0f, 0.0f, 1.0f};
    CHECK(hsCommandBufferClearColor(cmd, 0, clear, HS_CLEAR_COLOR_MASK_RGBA));
    CHECK(hsCommandBufferBindProgram(cmd, &program));
    bind_positions(cmd, &positions, sizeof HALF_TRIANGLE);

    /* Scissors, after one that took the short way (set_area's). */
    const HSScissor column = {0, 0, 1, SIZE_PX};
    CHECK(hsCommandBufferSetScissors(cmd, 0, 1, &column));
    EXPECT_FAIL(hsCommandBufferSetScissors(cmd, 16, 1, &column), HS_ERROR_OUT_OF_RANGE,
                "hsCommandBufferSetScissors");
    EXPECT_FAIL(hsCommandBufferSetScissors(cmd, 300, 1, &column), HS_ERROR_OUT_OF_RANGE,
                "hsCommandBufferSetScissors");
    EXPECT_FAIL(hsCommandBufferSetScissors(cmd, 0, 1, NULL), HS_ERROR_INVALID_ARGUMENT,
                "hsCommandBufferSetScissors");

    /* Viewports, after one that took the short way. */
    const HSViewport whole = {0.0f, 0.0f, (float)SIZE_PX, (float)SIZE_PX, 0.0f, 1.0f};
    CHECK(hsCommandBufferSetViewports(cmd, 0, 1, &whole));
    const HSViewport no_width = {0.0f, 0.0f, 0.0f, (float)SIZE_PX, 0.0f, 1.0f};
    const HSViewport deep = {0.0f, 0.0f, (float)SIZE_PX, (float)SIZE_PX, 0.0f, 2.0f};
    EXPECT_FAIL(hsCommandBufferSetViewports(cmd, 0, 1, &no_width), HS_ERROR_REFUSED,
                "hsCommandBufferSetViewports");
    EXPECT_FAIL(hsCommandBufferSetViewports(cmd, 0, 1, &deep), HS_ERROR_REFUSED,
                "hsCommandBufferSetViewports");
    EXPECT_FAIL(hsCommandBufferSetViewports(cmd, 16, 1, &whole), HS_ERROR_OUT_OF_RANGE,
                "hsCommandBufferSetViewports");

    /* Blend states, after one that took the short way. */
    const HSBlendState replace = {1, HS_BLEND_FUNC_ONE, HS_BLEND_FUNC_ZERO,
                                  HS_BLEND_EQUATION_ADD, HS_BLEND_FUNC_ONE,
                                  HS_BLEND_FUNC_ZERO, HS_BLEND_EQUATION_ADD};
    const HSBlendState add = {1, HS_BLEND_FUNC_ONE, HS_BLEND_FUNC_ONE, HS_BLEND_EQUATION_ADD,
                              HS_BLEND_FUNC_ONE, HS_BLEND_FUNC_ONE, HS_BLEND_EQUATION_ADD};
    const HSBlendState bad_factor = {1, 99, HS_BLEND_FUNC_ONE, HS_BLEND_EQUATION_ADD,
                                     HS_BLEND_FUNC_ONE, HS_BLEND_FUNC_ONE,
                                     HS_BLEND_EQUATION_ADD};
    CHECK(hsCommandBufferSetBlendState(cmd, 0, &add));
    EXPECT_FAIL(hsCommandBufferSetBlendState(cmd, 0, &bad_factor), HS_ERROR_INVALID_ARGUMENT,
                "hsCommandBufferSetBlendState");
    EXPECT_FAIL(hsCommandBufferSetBlendState(cmd, 8, &add), HS_ERROR_OUT_OF_RANGE,
                "hsCommandBufferSetBlendState");
    EXPECT_FAIL(hsCommandBufferSetBlendState(cmd, 0, NULL), HS_ERROR_INVALID_ARGUMENT,
                "hsCommandBufferSetBlendState");

    /* Depth-stencil states, after one that took the short way. */
    HSDepthStencilState depth = {0};
    depth.depth_compare = HS_COMPARE_LESS;
    depth.front.compare = HS_COMPARE_ALWAYS;
    depth.back.compare = HS_COMPARE_ALWAYS;
    CHECK(hsCommandBufferSetDepthStencilState(cmd, &depth));
    HSDepthStencilState bad_compare = depth;
    bad_compare.depth_compare = 99;
    EXPECT_FAIL(hsCommandBufferSetDepthStencilState(cmd, &bad_compare),
                HS_ERROR_INVALID_ARGUMENT, "hsCommandBufferSetDepthStencilState");
    HSDepthStencilState wide_reference = depth;
    wide_reference.front.reference = 256;
    EXPECT_FAIL(hsCommandBufferSetDepthStencilState(cmd, &wide_reference),
                HS_ERROR_OUT_OF_RANGE, "hsCommandBufferSetDepthStencilState");

    /* Rasterizer states, after one that took the short way. */
    HSRasterizerState raster = {HS_CULL_MODE_NONE, HS_FRONT_FACE_CCW, HS_POLYGON_MODE_FILL, 0, 0,
                                1.0f, 1.0f};
    CHECK(hsCommandBufferSetRasterizerState(cmd, &raster));
    HSRasterizerState no_line = raster;
    no_line.line_width_px = -1.0f;
    EXPECT_FAIL(hsCommandBufferSetRasterizerState(cmd, &no_line), HS_ERROR_REFUSED,
                "hsCommandBufferSetRasterizerState");
    HSRasterizerState bad_cull = raster;
    bad_cull.cull = 9;
    EXPECT_FAIL(hsCommandBufferSetRasterizerState(cmd, &bad_cull), HS_ERROR_INVALID_ARGUMENT,
                "hsCommandBufferSetRasterizerState");

    /* The draws: a scissor, a viewport (its depth range moving, which no pixel reads), a
     * blend state, and a rasterizer state and polygon offset (the front face and the
     * offset moving, which no pixel reads: nothing is culled and there is no depth) before
     * each; each rides on the draw that repeats the one before. */
    const HSshaderStage fragment = HS_SHADER_STAGE_FRAGMENT;
    for (uint32_t draw = 0; draw < DRAWS; draw++) {
        const HSScissor scissor = {(int32_t)(draw / 2), 0, 1, SIZE_PX};
        CHECK(hsCommandBufferSetScissors(cmd, 0, 1, &scissor));
        HSViewport viewport = whole;
        viewport.max_depth = (draw % 4 < 2) ? 1.0f : 0.5f;
        CHECK(hsCommandBufferSetViewports(cmd, 0, 1, &viewport));
        CHECK(hsCommandBufferSetBlendState(cmd, 0, draw % 2 == 0 ? &replace : &add));
        HSRasterizerState turning = raster;
        turning.front_face = (draw % 2 == 0) ? HS_FRONT_FACE_CW : HS_FRONT_FACE_CCW;
        CHECK(hsCommandBufferSetRasterizerState(cmd, &turning));
        const HSPolygonOffset offset = {0.0f, (float)(draw % 3), 0.0f, 1, 0, 0};
        CHECK(hsCommandBufferSetPolygonOffset(cmd, &offset));
        CHECK(hsCommandBufferBindUniformBuffer(cmd, fragment, 0, &tints, draw * TINT_STRIDE_B,
                                               16));
        CHECK(hsCommandBufferDrawArrays(cmd, HS_DRAW_PRIMITIVE_TRIANGLES, 0, 3));
    }
    const struct readback_at at = {&pool, &readback, readback_offset_b, image_b};
    submit_and_write_readback(cmd, &device, &target, SIZE_PX, &at, out_path);

    CHECK(hsCommandBufferFinalize(&commands));
    CHECK(hsProgramFinalize(&program));
    CHECK(hsBufferFinalize(&readback));
    CHECK(hsBufferFinalize(&tints));
    CHECK(hsBufferFinalize(&positions));
    CHECK(hsTextureFinalize(&target));
    CHECK(hsMemoryPoolFinalize(&pool));
    CHECK(hsDeviceFinalize(&device));
    printf("state short way cases: %d passed, %d failed\n", passed, failed);
    return failed == 0 ? 0 : 1;
}
