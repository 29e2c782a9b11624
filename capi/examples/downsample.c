/* NVN's Downsample through the C ABI: a 16x16 RGBA8 target of 4 samples is cleared to
 * black and a green triangle drawn over its upper-left half (the diagonal x + y = 16
 * pixels) with a sample mask of samples 0 and 1; hsCommandBufferDownsample averages it
 * into a single-sample texture, which is copied to a buffer. A 4-sample Z32F target
 * cleared to 0.375 is resolved by hsCommandBufferResolveDepth (sample zero) and copied
 * after it. Then the refusals: a downsample from a single-sample texture, a sample
 * shading fraction past 1, a depth resolve of colour, and a copy of the multisample
 * texture. The first argument's file gets the resolved RGBA8 rows, then the resolved
 * depth, read from the pool after the fence. */
#include "common.h"

#define SIZE_PX 16u

int main(int argc, char **argv) {
    const char *out_path = output_path(argc, argv);
    HSDevice device;
    open_device(&device);
    HSMemoryPool pool;
    make_pool(&pool, &device, 1u << 20);
    const uint64_t depth_offset_b = 64u << 10, resolved_offset_b = 128u << 10,
                   resolved_depth_offset_b = 192u << 10, positions_offset_b = 256u << 10,
                   readback_offset_b = 512u << 10;
    const uint64_t image_b = SIZE_PX * SIZE_PX * 4;
    CHECK(hsMemoryPoolWrite(&pool, positions_offset_b, HALF_TRIANGLE, sizeof HALF_TRIANGLE));

    HSTextureBuilder builder;
    CHECK(hsTextureBuilderSetDefaults(&builder));
    CHECK(hsTextureBuilderSetDevice(&builder, &device));
    CHECK(hsTextureBuilderSetTarget(&builder, HS_TEXTURE_TARGET_2D_MULTISAMPLE));
    CHECK(hsTextureBuilderSetFormat(&builder, HS_FORMAT_RGBA8));
    CHECK(hsTextureBuilderSetSize2D(&builder, SIZE_PX, SIZE_PX));
    CHECK(hsTextureBuilderSetSamples(&builder, 4));
    CHECK(hsTextureBuilderSetStorage(&builder, &pool, 0));
    HSTexture target, resolved, depth, resolved_depth;
    CHECK(hsTextureInitialize(&target, &builder));
    CHECK(hsTextureBuilderSetFormat(&builder, HS_FORMAT_Z32F));
    CHECK(hsTextureBuilderSetStorage(&builder, &pool, depth_offset_b));
    CHECK(hsTextureInitialize(&depth, &builder));
    make_texture_2d(&resolved_depth, &device, &pool, resolved_depth_offset_b, HS_FORMAT_Z32F,
                    SIZE_PX, SIZE_PX);
    make_texture_2d(&resolved, &device, &pool, resolved_offset_b, HS_FORMAT_RGBA8, SIZE_PX,
                    SIZE_PX);
    HSBuffer vertices, readback;
    make_buffer(&vertices, &device, &pool, positions_offset_b, sizeof HALF_TRIANGLE);
    make_buffer(&readback, &device, &pool, readback_offset_b, 2 * image_b);
    HSProgram program;
    make_program(&program, &device, POSITION_VERTEX, GREEN_FRAGMENT);

    HSCommandBuffer commands;
    CHECK(hsCommandBufferInitialize(&commands, &device));
    const HSCommandBuffer *cmd = &commands;
    CHECK(hsCommandBufferBeginRecording(cmd));
    const HSTexture *colors[1] = {&target};
    CHECK(hsCommandBufferSetRenderTargets(cmd, 1, colors, NULL, NULL, NULL));
    const float black[4] = {0.0f, 0.0f, 0.0f, 1.0f};
    CHECK(hsCommandBufferClearColor(cmd, 0, black, HS_CLEAR_COLOR_MASK_RGBA));
    CHECK(hsCommandBufferBindProgram(cmd, &program));
    bind_positions(cmd, &vertices, sizeof HALF_TRIANGLE);
    /* Samples 0 and 1 alone are written. */
    CHECK(hsCommandBufferSetMultisampleState(cmd, 0x3u, 0, 0, 0, 0.0f));
    CHECK(hsCommandBufferDrawArrays(cmd, HS_DRAW_PRIMITIVE_TRIANGLES, 0, 3));
    CHECK(hsCommandBufferDownsample(cmd, &target, &resolved));
    HSCopyRegion region = {0, 0, 0, SIZE_PX, SIZE_PX, 1};
    CHECK(hsCommandBufferCopyTextureToBuffer(cmd, &resolved, 0, &region, &readback, 0, 0, 0));
    CHECK(hsCommandBufferSetRenderTargets(cmd, 0, NULL, NULL, &depth, NULL));
    CHECK(hsCommandBufferClearDepthStencil(cmd, 0.375f, 1, 0, 0));
    CHECK(hsCommandBufferResolveDepth(cmd, &depth, &resolved_depth));
    CHECK(hsCommandBufferCopyTextureToBuffer(cmd, &resolved_depth, 0, &region, &readback,
                                             image_b, 0, 0));

    /* Refused, and nothing recorded. */
    if (hsCommandBufferDownsample(cmd, &resolved, &resolved) != HS_ERROR_REFUSED ||
        hsCommandBufferSetMultisampleState(cmd, ~0u, 0, 0, 1, 1.5f) != HS_ERROR_REFUSED ||
        hsCommandBufferResolveDepth(cmd, &target, &resolved) != HS_ERROR_REFUSED ||
        hsCommandBufferCopyTextureToBuffer(cmd, &target, 0, &region, &readback, 0, 0, 0) !=
            HS_ERROR_REFUSED) {
        fprintf(stderr, "a bad resolve or copy was not refused as it should be\n");
        return 1;
    }
    printf("multisample refusals: 4 of 4\n");
    HScommandHandle handle;
    CHECK(hsCommandBufferEndRecording(cmd, &handle));

    HSQueue queue;
    CHECK(hsQueueInitialize(&queue, &device));
    CHECK(hsQueueSubmitCommands(&queue, 1, &handle));
    CHECK(hsQueueFinish(&queue));
    unsigned char *mapped = NULL;
    CHECK(hsMemoryPoolMap(&pool, (void **)&mapped));
    write_file(out_path, mapped + readback_offset_b, 2 * image_b);
    check_validation(&device);

    CHECK(hsCommandBufferFinalize(&commands));
    CHECK(hsQueueFinalize(&queue));
    CHECK(hsProgramFinalize(&program));
    CHECK(hsBufferFinalize(&readback));
    CHECK(hsBufferFinalize(&vertices));
    CHECK(hsTextureFinalize(&resolved));
    CHECK(hsTextureFinalize(&resolved_depth));
    CHECK(hsTextureFinalize(&depth));
    CHECK(hsTextureFinalize(&target));
    CHECK(hsMemoryPoolFinalize(&pool));
    CHECK(hsDeviceFinalize(&device));
    return 0;
}
