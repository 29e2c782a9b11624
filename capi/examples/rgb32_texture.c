/* An RGB32F texture (12-byte texels) through the C ABI: 4x4 texels are copied from a
 * buffer into it, and a draw fetches each into an RGBA32F target. Written to the file named
 * by the first argument: the texels given, then the target's (the test expects each with
 * alpha one). */
#include "common.h"

#define SIZE_PX 4u
#define TEXELS_B (SIZE_PX * SIZE_PX * 12u)
#define IMAGE_B (SIZE_PX * SIZE_PX * 16u)

static const char *const FETCH =
    "#version 450\n"
    "layout(location = 0) out vec4 colour;\n"
    "layout(binding = 0) uniform sampler2D source;\n"
    "void main() { colour = texelFetch(source, ivec2(gl_FragCoord.xy), 0); }\n";

int main(int argc, char **argv) {
    const char *out_path = output_path(argc, argv);
    HSDevice device;
    open_device(&device);

    HSMemoryPool pool;
    make_pool(&pool, &device, 1u << 20);
    /* Vulkan copies 12-byte texels from pool addresses that are multiples of 12; others
     * are refused when the copy is recorded. */
    const uint64_t texels_offset_b = (256u << 10) + 8, vertices_offset_b = 320u << 10;
    const uint64_t readback_offset_b = 512u << 10;
    float texels[SIZE_PX * SIZE_PX * 3];
    for (unsigned at = 0; at < SIZE_PX * SIZE_PX * 3; at++)
        texels[at] = (float)at * 0.5f - 7.0f;
    CHECK(hsMemoryPoolWrite(&pool, texels_offset_b, texels, sizeof texels));
    CHECK(hsMemoryPoolWrite(&pool, vertices_offset_b, FULL_TRIANGLE, sizeof FULL_TRIANGLE));
    HSTexture texture, target;
    make_texture_2d(&texture, &device, &pool, 0, HS_FORMAT_RGB32F, SIZE_PX, SIZE_PX);
    make_texture_2d(&target, &device, &pool, 64u << 10, HS_FORMAT_RGBA32F, SIZE_PX, SIZE_PX);
    HSBuffer upload, vertices, readback;
    make_buffer(&upload, &device, &pool, texels_offset_b, TEXELS_B + 16);
    make_buffer(&vertices, &device, &pool, vertices_offset_b, sizeof FULL_TRIANGLE);
    make_buffer(&readback, &device, &pool, readback_offset_b, IMAGE_B);
    HSProgram program;
    make_program(&program, &device, POSITION_VERTEX, FETCH);

    HSTexturePool texture_pool;
    HSSamplerPool sampler_pool;
    HSSampler sampler;
    const uint64_t handle_bits =
        make_nearest_tables(&texture_pool, &sampler_pool, &sampler, &device, &texture, NULL);

    HSCommandBuffer commands;
    CHECK(hsCommandBufferInitialize(&commands, &device));
    CHECK(hsCommandBufferBeginRecording(&commands));
    HSCopyRegion region = {0, 0, 0, SIZE_PX, SIZE_PX, 1};
    if (hsCommandBufferCopyBufferToTexture(&commands, &upload, 4, 0, 0, &texture, 0, &region) ==
        HS_SUCCESS) {
        fprintf(stderr, "FAIL: an RGB32 copy from a pool address not a multiple of 12\n");
        return 1;
    }
    CHECK(hsCommandBufferCopyBufferToTexture(&commands, &upload, 0, 0, 0, &texture, 0, &region));
    CHECK(hsCommandBufferBarrier(&commands, HS_BARRIER_ORDER_FRAGMENTS |
                                                HS_BARRIER_INVALIDATE_TEXTURE));
    const HSTexture *colors[1] = {&target};
    CHECK(hsCommandBufferSetRenderTargets(&commands, 1, colors, NULL, NULL, NULL));
    set_area(&commands, SIZE_PX, SIZE_PX);
    CHECK(hsCommandBufferBindProgram(&commands, &program));
    CHECK(hsCommandBufferSetTexturePool(&commands, &texture_pool));
    CHECK(hsCommandBufferSetSamplerPool(&commands, &sampler_pool));
    CHECK(hsCommandBufferBindTexture(&commands, HS_SHADER_STAGE_FRAGMENT, 0, handle_bits));
    bind_positions(&commands, &vertices, sizeof FULL_TRIANGLE);
    CHECK(hsCommandBufferDrawArrays(&commands, HS_DRAW_PRIMITIVE_TRIANGLES, 0, 3));
    CHECK(hsCommandBufferCopyTextureToBuffer(&commands, &target, 0, &region, &readback, 0, 0, 0));
    HScommandHandle handle;
    CHECK(hsCommandBufferEndRecording(&commands, &handle));
    HSQueue queue;
    CHECK(hsQueueInitialize(&queue, &device));
    CHECK(hsQueueSubmitCommands(&queue, 1, &handle));
    CHECK(hsQueueFinish(&queue));

    unsigned char out[TEXELS_B + IMAGE_B];
    memcpy(out, texels, TEXELS_B);
    CHECK(hsMemoryPoolRead(&pool, readback_offset_b, out + TEXELS_B, IMAGE_B));
    write_file(out_path, out, sizeof out);
    check_validation(&device);

    CHECK(hsCommandBufferFinalize(&commands));
    CHECK(hsQueueFinalize(&queue));
    CHECK(hsTexturePoolFinalize(&texture_pool));
    CHECK(hsSamplerPoolFinalize(&sampler_pool));
    CHECK(hsSamplerFinalize(&sampler));
    CHECK(hsProgramFinalize(&program));
    CHECK(hsBufferFinalize(&readback));
    CHECK(hsBufferFinalize(&vertices));
    CHECK(hsBufferFinalize(&upload));
    CHECK(hsTextureFinalize(&target));
    CHECK(hsTextureFinalize(&texture));
    CHECK(hsMemoryPoolFinalize(&pool));
    CHECK(hsDeviceFinalize(&device));
    return 0;
}
