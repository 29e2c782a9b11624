/* Programmable sample locations (hsCommandBufferSetSampleLocations, NVN's
 * SetSampleLocations): a green triangle over black in a 16x16 RGBA8 target of 4 samples,
 * drawn with the locations given as arguments (16ths of a pixel from its top-left corner)
 * and resolved by hsCommandBufferDownsample into the file OUT. Where the device lacks
 * VK_EXT_sample_locations (or the 2x2 grid asked for), the call is refused naming it:
 * "sample locations: refused" and nothing is written; else "sample locations: drawn".
 *
 * usage: sample_locations OUT.rgba GRID X0 Y0 [X1 Y1 ...] (1 to 16 locations, each
 * coordinate 0-15; GRID 1 spreads the 16 over a 2x2 pixel block) */
#include "common.h"

#define SIZE_PX 16u

/* The triangle's corners in pixels (multiples of 1/256, as the rasterizer snaps them),
 * the Rust test's CPU model's. */
static const float CORNERS_PX[6] = {1.30078125f, 2.1015625f, 14.69921875f,
                                    5.3515625f,  4.19921875f, 13.8984375f};

int main(int argc, char **argv) {
    if (argc < 5 || (argc - 3) % 2 != 0) {
        fprintf(stderr, "usage: sample_locations OUT.rgba GRID X0 Y0 [X1 Y1 ...]\n");
        return 1;
    }
    const char *out_path = argv[1];
    const uint32_t grid = (uint32_t)atoi(argv[2]);
    const uint32_t count = (uint32_t)(argc - 3) / 2;
    HSSampleLocation locations[16];
    for (uint32_t index = 0; index < count && index < 16; index++) {
        locations[index].x = (float)atoi(argv[3 + 2 * index]) / 16.0f;
        locations[index].y = (float)atoi(argv[4 + 2 * index]) / 16.0f;
    }
    float positions[6];
    for (unsigned index = 0; index < 6; index++)
        positions[index] = CORNERS_PX[index] / (SIZE_PX / 2.0f) - 1.0f;

    HSDevice device;
    open_device(&device);
    HSMemoryPool pool;
    make_pool(&pool, &device, 1u << 20);
    const uint64_t resolved_offset_b = 128u << 10, positions_offset_b = 256u << 10,
                   readback_offset_b = 512u << 10;
    const uint64_t image_b = SIZE_PX * SIZE_PX * 4;
    CHECK(hsMemoryPoolWrite(&pool, positions_offset_b, positions, sizeof positions));
    HSTextureBuilder builder;
    CHECK(hsTextureBuilderSetDefaults(&builder));
    CHECK(hsTextureBuilderSetDevice(&builder, &device));
    CHECK(hsTextureBuilderSetTarget(&builder, HS_TEXTURE_TARGET_2D_MULTISAMPLE));
    CHECK(hsTextureBuilderSetFormat(&builder, HS_FORMAT_RGBA8));
    CHECK(hsTextureBuilderSetSize2D(&builder, SIZE_PX, SIZE_PX));
    CHECK(hsTextureBuilderSetSamples(&builder, 4));
    CHECK(hsTextureBuilderSetStorage(&builder, &pool, 0));
    HSTexture target, resolved;
    CHECK(hsTextureInitialize(&target, &builder));
    make_texture_2d(&resolved, &device, &pool, resolved_offset_b, HS_FORMAT_RGBA8, SIZE_PX,
                    SIZE_PX);
    HSBuffer vertices, readback;
    make_buffer(&vertices, &device, &pool, positions_offset_b, sizeof positions);
    make_buffer(&readback, &device, &pool, readback_offset_b, image_b);
    HSProgram program;
    make_program(&program, &device, POSITION_VERTEX, GREEN_FRAGMENT);

    HSCommandBuffer commands;
    CHECK(hsCommandBufferInitialize(&commands, &device));
    const HSCommandBuffer *cmd = &commands;
    CHECK(hsCommandBufferBeginRecording(cmd));
    vulkan_clip_space(cmd);
    const HSTexture *colors[1] = {&target};
    CHECK(hsCommandBufferSetRenderTargets(cmd, 1, colors, NULL, NULL, NULL));
    const float black[4] = {0.0f, 0.0f, 0.0f, 1.0f};
    CHECK(hsCommandBufferClearColor(cmd, 0, black, HS_CLEAR_COLOR_MASK_RGBA));
    CHECK(hsCommandBufferBindProgram(cmd, &program));
    bind_positions(cmd, &vertices, sizeof positions);
    CHECK(hsDeviceInstallDebugCallback(&device, log_message, NULL));
    HSresult set = hsCommandBufferSetSampleLocations(cmd, 1, grid, count, locations);
    CHECK(hsDeviceInstallDebugCallback(&device, print_message, NULL));
    int drawn = 0;
    if (set == HS_ERROR_REFUSED) {
        if (!strstr(message_log()->message, "VK_EXT_sample_locations")) {
            fprintf(stderr, "refused without naming VK_EXT_sample_locations: %s\n",
                    message_log()->message);
            return 1;
        }
        printf("sample locations: refused (%s)\n", message_log()->message);
    } else {
        CHECK(set);
        CHECK(hsCommandBufferDrawArrays(cmd, HS_DRAW_PRIMITIVE_TRIANGLES, 0, 3));
        CHECK(hsCommandBufferDownsample(cmd, &target, &resolved));
        HSCopyRegion region = {0, 0, 0, SIZE_PX, SIZE_PX, 1};
        CHECK(hsCommandBufferCopyTextureToBuffer(cmd, &resolved, 0, &region, &readback, 0, 0,
                                                 0));
        drawn = 1;
    }
    HScommandHandle handle;
    CHECK(hsCommandBufferEndRecording(cmd, &handle));
    HSQueue queue;
    CHECK(hsQueueInitialize(&queue, &device));
    CHECK(hsQueueSubmitCommands(&queue, 1, &handle));
    CHECK(hsQueueFinish(&queue));
    if (drawn) {
        unsigned char *mapped = NULL;
        CHECK(hsMemoryPoolMap(&pool, (void **)&mapped));
        write_file(out_path, mapped + readback_offset_b, image_b);
        printf("sample locations: drawn\n");
    }
    check_validation(&device);

    CHECK(hsCommandBufferFinalize(&commands));
    CHECK(hsQueueFinalize(&queue));
    CHECK(hsProgramFinalize(&program));
    CHECK(hsBufferFinalize(&readback));
    CHECK(hsBufferFinalize(&vertices));
    CHECK(hsTextureFinalize(&resolved));
    CHECK(hsTextureFinalize(&target));
    CHECK(hsMemoryPoolFinalize(&pool));
    CHECK(hsDeviceFinalize(&device));
    return 0;
}
