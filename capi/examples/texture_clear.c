/* NVN's ClearTexture and debug groups through the C ABI. A 16x8 RGBA8 texture is
 * cleared whole to grey (a whole subresource), then a 5x4 box of red and alpha only (a
 * masked clear); a Z32F texture gets the same box at depth 0.75 over its zeros; all
 * inside a debug group with a marker in it. Then the refusals (a region past the
 * texture, an integer value for RGBA8, a colour for a depth format, a pop with no group
 * open, a NULL name, ending the recording with a group open). The first argument's file
 * gets the colour texture's texels (512 bytes), the depth texels (512) and the colour
 * texture's pool storage (512), read from the pool after the fence. */
#include "common.h"

#define WIDTH_PX 16u
#define HEIGHT_PX 8u
#define LEVEL_B (WIDTH_PX * HEIGHT_PX * 4u)

int main(int argc, char **argv) {
    const char *out_path = output_path(argc, argv);
    HSDevice device;
    open_device(&device);
    HSMemoryPool pool;
    make_pool(&pool, &device, 1u << 20);
    HSTexture colour, depth;
    make_texture_2d(&colour, &device, &pool, 0, HS_FORMAT_RGBA8, WIDTH_PX, HEIGHT_PX);
    make_texture_2d(&depth, &device, &pool, 64u << 10, HS_FORMAT_Z32F, WIDTH_PX, HEIGHT_PX);
    const uint64_t readback_offset_b = 512u << 10;
    HSBuffer readback;
    make_buffer(&readback, &device, &pool, readback_offset_b, 2 * LEVEL_B);

    HSCommandBuffer commands;
    CHECK(hsCommandBufferInitialize(&commands, &device));
    const HSCommandBuffer *cmd = &commands;
    CHECK(hsCommandBufferBeginRecording(cmd));
    CHECK(hsCommandBufferPushDebugGroup(cmd, "texture clears"));
    const HSCopyRegion whole = {0, 0, 0, WIDTH_PX, HEIGHT_PX, 1};
    const HSCopyRegion box = {2, 1, 0, 5, 4, 1};
    const float grey[4] = {0.2f, 0.2f, 0.2f, 1.0f};
    const float red[4] = {1.0f, 0.0f, 0.0f, 0.6f};
    CHECK(hsCommandBufferClearTexture(cmd, &colour, NULL, &whole, grey, HS_CLEAR_COLOR_MASK_RGBA));
    CHECK(hsCommandBufferClearTexture(cmd, &colour, NULL, &box, red,
                                      HS_CLEAR_COLOR_MASK_R | HS_CLEAR_COLOR_MASK_A));
    CHECK(hsCommandBufferInsertDebugMarker(cmd, "depth next"));
    CHECK(hsCommandBufferClearTextureDepthStencil(cmd, &depth, NULL, &box, 0.75f, 1, 0, 0));
    CHECK(hsCommandBufferCopyTextureToBuffer(cmd, &colour, 0, &whole, &readback, 0, 0, 0));
    CHECK(hsCommandBufferCopyTextureToBuffer(cmd, &depth, 0, &whole, &readback, LEVEL_B, 0, 0));

    /* Refused, and nothing recorded. */
    const HSCopyRegion past = {10, 0, 0, 7, 1, 1};
    const uint32_t ones[4] = {1, 1, 1, 1};
    HScommandHandle handle;
    int refused = 0;
    refused += hsCommandBufferClearTexture(cmd, &colour, NULL, &past, grey,
                                           HS_CLEAR_COLOR_MASK_RGBA) == HS_ERROR_OUT_OF_RANGE;
    refused += hsCommandBufferClearTextureui(cmd, &colour, NULL, &box, ones,
                                             HS_CLEAR_COLOR_MASK_RGBA) == HS_ERROR_REFUSED;
    refused += hsCommandBufferClearTexture(cmd, &depth, NULL, &box, grey,
                                           HS_CLEAR_COLOR_MASK_RGBA) == HS_ERROR_REFUSED;
    refused += hsCommandBufferPushDebugGroup(cmd, NULL) == HS_ERROR_INVALID_ARGUMENT;
    refused += hsCommandBufferEndRecording(cmd, &handle) == HS_ERROR_REFUSED;
    CHECK(hsCommandBufferPopDebugGroup(cmd));
    refused += hsCommandBufferPopDebugGroup(cmd) == HS_ERROR_REFUSED;
    printf("texture clear refusals: %d of 6\n", refused);
    CHECK(hsCommandBufferEndRecording(cmd, &handle));

    HSQueue queue;
    CHECK(hsQueueInitialize(&queue, &device));
    CHECK(hsQueueSubmitCommands(&queue, 1, &handle));
    CHECK(hsQueueFinish(&queue));
    unsigned char *mapped = NULL;
    CHECK(hsMemoryPoolMap(&pool, (void **)&mapped));
    unsigned char out[3 * LEVEL_B];
    memcpy(out, mapped + readback_offset_b, 2 * LEVEL_B);
    memcpy(out + 2 * LEVEL_B, mapped, LEVEL_B);
    write_file(out_path, out, sizeof out);
    check_validation(&device);

    CHECK(hsQueueFinalize(&queue));
    CHECK(hsCommandBufferFinalize(&commands));
    CHECK(hsBufferFinalize(&readback));
    CHECK(hsTextureFinalize(&colour));
    CHECK(hsTextureFinalize(&depth));
    CHECK(hsMemoryPoolFinalize(&pool));
    CHECK(hsDeviceFinalize(&device));
    return 0;
}
