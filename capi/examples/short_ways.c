/* The commands a recording repeats (a bind of the buffer bound last, a draw with the
 * program drawn with last, a texture handle found valid in the pools bound) take a short
 * way through Hookshot. This example gives each the inputs that short way must decline,
 * right after one of the same kind that took it: each must fail with its code and one
 * message naming its entry point, and record nothing. Then a list that outgrows its room:
 * DRAWS draws with additive blending, each binding the next tint (1/255 of red), so a draw
 * lost or recorded twice where the short way found the list full would show in the red
 * the test reads back (DRAWS, in the triangle over the upper-left half of the target). */
#include <stdint.h>

#include "expect_fail.h"

#define SIZE_PX 64u
#define DRAWS 200u
#define TINT_STRIDE_B 256u

int main(int argc, char **argv) {
    const char *out_path = output_path(argc, argv);
    HSDevice device;
    HSDeviceBuilder device_builder;
    CHECK(hsDeviceBuilderSetDefaults(&device_builder));
    CHECK(hsDeviceInitialize(&device, &device_builder));
    CHECK(hsDeviceInstallDebugCallback(&device, log_message, NULL));
    HSMemoryPool pool;
    make_pool(&pool, &device, 2u << 20);
    const uint64_t positions_offset_b = 256u << 10, tints_offset_b = 512u << 10;
    const uint64_t texture_offset_b = 1u << 20, readback_offset_b = 1536u << 10;
    const uint64_t image_b = SIZE_PX * SIZE_PX * 4, tints_b = DRAWS * TINT_STRIDE_B;
    CHECK(hsMemoryPoolWrite(&pool, positions_offset_b, HALF_TRIANGLE, sizeof HALF_TRIANGLE));
    const float tint[4] = {1.0f / 255.0f, 0.0f, 0.0f, 0.0f};
    for (uint32_t draw = 0; draw < DRAWS; draw++)
        CHECK(hsMemoryPoolWrite(&pool, tints_offset_b + draw * TINT_STRIDE_B, tint, sizeof tint));

    HSTexture target, texture;
    make_texture_2d(&target, &device, &pool, 0, HS_FORMAT_RGBA8, SIZE_PX, SIZE_PX);
    make_texture_2d(&texture, &device, &pool, texture_offset_b, HS_FORMAT_RGBA8, 8, 8);
    HSBuffer positions, tints, readback;
    make_buffer(&positions, &device, &pool, positions_offset_b, sizeof HALF_TRIANGLE);
    make_buffer(&tints, &device, &pool, tints_offset_b, tints_b);
    make_buffer(&readback, &device, &pool, readback_offset_b, image_b);
    HSProgram program;
    make_program(&program, &device, POSITION_VERTEX, TINT_FRAGMENT);
    HSTexturePool texture_pool;
    HSSamplerPool sampler_pool;
    HSSampler sampler;
    const uint64_t handle =
        make_nearest_tables(&texture_pool, &sampler_pool, &sampler, &device, &texture, NULL);
    uint64_t no_texture = 0, no_sampler = 0;
    CHECK(hsDeviceGetTextureHandle(&device, 5, 1, &no_texture));
    CHECK(hsDeviceGetTextureHandle(&device, 1, 7, &no_sampler));

    HSCommandBuffer commands;
    CHECK(hsCommandBufferInitialize(&commands, &device));
    const HSCommandBuffer *cmd = &commands;
    CHECK(hsCommandBufferBeginRecording(cmd));
    const HSTexture *colors[1] = {&target};
    CHECK(hsCommandBufferSetRenderTargets(cmd, 1, colors, NULL, NULL, NULL));
    set_area(cmd, SIZE_PX, SIZE_PX);
    const float black[4] = {0.0f, 0.0f, 0.0f, 1.0f};
    CHECK(hsCommandBufferClearColor(cmd, 0, black, HS_CLEAR_COLOR_MASK_RGBA));
    HSBlendState add = {1, HS_BLEND_FUNC_ONE, HS_BLEND_FUNC_ONE, HS_BLEND_EQUATION_ADD,
                        HS_BLEND_FUNC_ONE, HS_BLEND_FUNC_ONE, HS_BLEND_EQUATION_ADD};
    CHECK(hsCommandBufferSetBlendState(cmd, 0, &add));
    CHECK(hsCommandBufferBindProgram(cmd, &program));
    bind_positions(cmd, &positions, sizeof HALF_TRIANGLE);
    CHECK(hsCommandBufferSetTexturePool(cmd, &texture_pool));
    CHECK(hsCommandBufferSetSamplerPool(cmd, &sampler_pool));

    /* Buffer binds, after a bind of the same buffer that took the short way. */
    const HSshaderStage fragment = HS_SHADER_STAGE_FRAGMENT;
    CHECK(hsCommandBufferBindUniformBuffer(cmd, fragment, 0, &tints, 0, 16));
    CHECK(hsCommandBufferBindUniformBuffer(cmd, fragment, 0, &tints, 0, 16));
    EXPECT_FAIL(hsCommandBufferBindUniformBuffer(cmd, fragment, 0, &tints, tints_b - 8, 16),
                HS_ERROR_OUT_OF_RANGE, "hsCommandBufferBindUniformBuffer");
    EXPECT_FAIL(hsCommandBufferBindUniformBuffer(cmd, fragment, 0, &tints, UINT64_MAX - 7, 16),
                HS_ERROR_OUT_OF_RANGE, "hsCommandBufferBindUniformBuffer");
    EXPECT_FAIL(hsCommandBufferBindUniformBuffer(cmd, fragment, 200, &tints, 0, 16),
                HS_ERROR_OUT_OF_RANGE, "hsCommandBufferBindUniformBuffer");
    EXPECT_FAIL(hsCommandBufferBindUniformBuffer(cmd, fragment, 300, &tints, 0, 16),
                HS_ERROR_OUT_OF_RANGE, "hsCommandBufferBindUniformBuffer");
    EXPECT_FAIL(hsCommandBufferBindUniformBuffer(cmd, 77, 0, &tints, 0, 16),
                HS_ERROR_INVALID_ARGUMENT, "hsCommandBufferBindUniformBuffer");
    EXPECT_FAIL(hsCommandBufferBindUniformBuffer(cmd, fragment, 0, NULL, 0, 16),
                HS_ERROR_INVALID_OBJECT, "hsCommandBufferBindUniformBuffer");
    EXPECT_FAIL(hsCommandBufferBindStorageBuffer(cmd, fragment, 200, &tints, 0, 16),
                HS_ERROR_OUT_OF_RANGE, "hsCommandBufferBindStorageBuffer");
    EXPECT_FAIL(hsCommandBufferBindVertexBuffer(cmd, 200, &tints, 0, 16), HS_ERROR_OUT_OF_RANGE,
                "hsCommandBufferBindVertexBuffer");
    EXPECT_FAIL(hsCommandBufferBindIndexBuffer(cmd, 9, &tints, 0, 16),
                HS_ERROR_INVALID_ARGUMENT, "hsCommandBufferBindIndexBuffer");

    /* Draws, after one that took the short way (the first of the DRAWS). */
    CHECK(hsCommandBufferDrawArrays(cmd, HS_DRAW_PRIMITIVE_TRIANGLES, 0, 3));
    EXPECT_FAIL(hsCommandBufferDrawArrays(cmd, HS_DRAW_PRIMITIVE_TRIANGLES, 0, 1u << 29),
                HS_ERROR_REFUSED, "hsCommandBufferDrawArrays");
    EXPECT_FAIL(hsCommandBufferDrawArraysInstanced(cmd, HS_DRAW_PRIMITIVE_TRIANGLES, 0, 3, 0,
                                                   1u << 28),
                HS_ERROR_REFUSED, "hsCommandBufferDrawArraysInstanced");
    EXPECT_FAIL(hsCommandBufferDrawArrays(cmd, HS_DRAW_PRIMITIVE_PATCHES, 0, 3),
                HS_ERROR_REFUSED, "hsCommandBufferDrawArrays");
    EXPECT_FAIL(hsCommandBufferDrawArrays(cmd, 99, 0, 3), HS_ERROR_INVALID_ARGUMENT,
                "hsCommandBufferDrawArrays");

    /* Texture binds, after a bind of a handle that took the short way. */
    CHECK(hsCommandBufferBindTexture(cmd, fragment, 0, handle));
    CHECK(hsCommandBufferBindTexture(cmd, fragment, 0, handle));
    EXPECT_FAIL(hsCommandBufferBindTexture(cmd, fragment, 0, no_texture), HS_ERROR_REFUSED,
                "hsCommandBufferBindTexture");
    EXPECT_FAIL(hsCommandBufferBindTexture(cmd, fragment, 0, no_sampler), HS_ERROR_REFUSED,
                "hsCommandBufferBindTexture");
    EXPECT_FAIL(hsCommandBufferBindTexture(cmd, fragment, 200, handle), HS_ERROR_OUT_OF_RANGE,
                "hsCommandBufferBindTexture");
    EXPECT_FAIL(hsCommandBufferBindTexture(cmd, 77, 0, handle), HS_ERROR_INVALID_ARGUMENT,
                "hsCommandBufferBindTexture");

    /* The rest of the DRAWS: the list grows past its room several times on the way. */
    for (uint32_t draw = 1; draw < DRAWS; draw++) {
        CHECK(hsCommandBufferBindUniformBuffer(cmd, fragment, 0, &tints, draw * TINT_STRIDE_B,
                                               16));
        CHECK(hsCommandBufferDrawArrays(cmd, HS_DRAW_PRIMITIVE_TRIANGLES, 0, 3));
    }
    const struct readback_at at = {&pool, &readback, readback_offset_b, image_b};
    submit_and_write_readback(cmd, &device, &target, SIZE_PX, &at, out_path);

    CHECK(hsCommandBufferFinalize(&commands));
    CHECK(hsTexturePoolFinalize(&texture_pool));
    CHECK(hsSamplerPoolFinalize(&sampler_pool));
    CHECK(hsSamplerFinalize(&sampler));
    CHECK(hsProgramFinalize(&program));
    CHECK(hsBufferFinalize(&readback));
    CHECK(hsBufferFinalize(&tints));
    CHECK(hsBufferFinalize(&positions));
    CHECK(hsTextureFinalize(&texture));
    CHECK(hsTextureFinalize(&target));
    CHECK(hsMemoryPoolFinalize(&pool));
    CHECK(hsDeviceFinalize(&device));
    printf("short way cases: %d passed, %d failed\n", passed, failed);
    return failed == 0 ? 0 : 1;
}
