/* A textured quad: an 8x8 RGBA8 texture is uploaded from a buffer (a copy on the GPU into
 * its block-linear storage), registered in a texture pool with a nearest sampler in a
 * sampler pool, and sampled over a 64x64 target by a triangle strip of positions and
 * texture coordinates. Each texel covers 8x8 pixels. The target is written, as raw RGBA8
 * rows, to the file named by the first argument. */
#include "common.h"

#define SIZE_PX 64u
#define TEXTURE_PX 8u

static const char *const VERTEX =
    "#version 450\n"
    "layout(location = 0) in vec2 position;\n"
    "layout(location = 1) in vec2 uv_in;\n"
    "layout(location = 0) out vec2 uv;\n"
    "void main() { uv = uv_in; gl_Position = vec4(position, 0.0, 1.0); }\n";

static const char *const FRAGMENT =
    "#version 450\n"
    "layout(location = 0) in vec2 uv;\n"
    "layout(location = 0) out vec4 colour;\n"
    "layout(binding = 0) uniform sampler2D source;\n"
    "void main() { colour = texture(source, uv); }\n";

/* Texel (x, y) of the texture (the test computes the same). */
static void texel(uint32_t x, uint32_t y, unsigned char out[4]) {
    int odd = (x + y) & 1;
    out[0] = odd ? 255 : 0;
    out[1] = (unsigned char)(odd ? 64 * (x % 4) : 32 * y);
    out[2] = odd ? 0 : 255;
    out[3] = 255;
}

int main(int argc, char **argv) {
    const char *out_path = output_path(argc, argv);
    HSDevice device;
    open_device(&device);
    HSMemoryPool pool;
    make_pool(&pool, &device, 1u << 20);
    const uint64_t texture_offset_b = 64u << 10, texels_offset_b = 128u << 10;
    const uint64_t vertices_offset_b = 192u << 10, readback_offset_b = 256u << 10;
    const uint64_t image_b = SIZE_PX * SIZE_PX * 4, texels_b = TEXTURE_PX * TEXTURE_PX * 4;

    unsigned char texels[TEXTURE_PX * TEXTURE_PX * 4];
    for (uint32_t y = 0; y < TEXTURE_PX; y++)
        for (uint32_t x = 0; x < TEXTURE_PX; x++) texel(x, y, &texels[(y * TEXTURE_PX + x) * 4]);
    CHECK(hsMemoryPoolWrite(&pool, texels_offset_b, texels, sizeof texels));
    /* x, y, u, v: a strip over the whole target, v = 0 at the top (Vulkan's y is down). */
    const float vertices[16] = {-1, -1, 0, 0, 1, -1, 1, 0, -1, 1, 0, 1, 1, 1, 1, 1};
    CHECK(hsMemoryPoolWrite(&pool, vertices_offset_b, vertices, sizeof vertices));

    HSTexture target, texture;
    make_texture_2d(&target, &device, &pool, 0, HS_FORMAT_RGBA8, SIZE_PX, SIZE_PX);
    make_texture_2d(&texture, &device, &pool, texture_offset_b, HS_FORMAT_RGBA8, TEXTURE_PX,
                    TEXTURE_PX);
    HSBuffer upload, vertex_buffer, readback;
    make_buffer(&upload, &device, &pool, texels_offset_b, texels_b);
    make_buffer(&vertex_buffer, &device, &pool, vertices_offset_b, sizeof vertices);
    make_buffer(&readback, &device, &pool, readback_offset_b, image_b);

    HSSamplerBuilder sampler_builder;
    CHECK(hsSamplerBuilderSetDefaults(&sampler_builder));
    CHECK(hsSamplerBuilderSetDevice(&sampler_builder, &device));
    CHECK(hsSamplerBuilderSetMinMagFilter(&sampler_builder, HS_FILTER_NEAREST, HS_MIP_FILTER_NONE,
                                          HS_FILTER_NEAREST));
    CHECK(hsSamplerBuilderSetWrapMode(&sampler_builder, HS_WRAP_MODE_CLAMP_TO_EDGE,
                                      HS_WRAP_MODE_CLAMP_TO_EDGE, HS_WRAP_MODE_CLAMP_TO_EDGE));
    HSSampler sampler;
    CHECK(hsSamplerInitialize(&sampler, &sampler_builder));
    /* Slots as a game picks them: texture 1, sampler 2. */
    HSTexturePool texture_pool;
    HSSamplerPool sampler_pool;
    CHECK(hsTexturePoolInitialize(&texture_pool, &device, 16));
    CHECK(hsSamplerPoolInitialize(&sampler_pool, &device, 16));
    CHECK(hsTexturePoolRegisterTexture(&texture_pool, 1, &texture, NULL));
    CHECK(hsSamplerPoolRegisterSampler(&sampler_pool, 2, &sampler));
    uint64_t handle_bits = 0;
    CHECK(hsDeviceGetTextureHandle(&device, 1, 2, &handle_bits));

    HSProgram program;
    make_program(&program, &device, VERTEX, FRAGMENT);

    HSCommandBuffer commands;
    CHECK(hsCommandBufferInitialize(&commands, &device));
    CHECK(hsCommandBufferBeginRecording(&commands));
    vulkan_clip_space(&commands);
    HSCopyRegion texture_region = {0, 0, 0, TEXTURE_PX, TEXTURE_PX, 1};
    CHECK(hsCommandBufferCopyBufferToTexture(&commands, &upload, 0, 0, 0, &texture, 0,
                                             &texture_region));
    CHECK(hsCommandBufferBarrier(&commands, HS_BARRIER_ORDER_FRAGMENTS |
                                                HS_BARRIER_INVALIDATE_TEXTURE));
    const HSTexture *colors[1] = {&target};
    CHECK(hsCommandBufferSetRenderTargets(&commands, 1, colors, NULL, NULL, NULL));
    set_area(&commands, SIZE_PX, SIZE_PX);
    CHECK(hsCommandBufferBindProgram(&commands, &program));
    CHECK(hsCommandBufferSetTexturePool(&commands, &texture_pool));
    CHECK(hsCommandBufferSetSamplerPool(&commands, &sampler_pool));
    CHECK(hsCommandBufferBindTexture(&commands, HS_SHADER_STAGE_FRAGMENT, 0, handle_bits));
    HSVertexStream stream = {16, 0};
    HSVertexAttribute attributes[2] = {{0, 0, HS_VERTEX_COMPONENT_FLOAT32, 2, 0},
                                       {1, 0, HS_VERTEX_COMPONENT_FLOAT32, 2, 8}};
    CHECK(hsCommandBufferSetVertexStreams(&commands, 1, &stream));
    CHECK(hsCommandBufferSetVertexAttributes(&commands, 2, attributes));
    CHECK(hsCommandBufferBindVertexBuffer(&commands, 0, &vertex_buffer, 0, sizeof vertices));
    CHECK(hsCommandBufferDrawArrays(&commands, HS_DRAW_PRIMITIVE_TRIANGLE_STRIP, 0, 4));
    HSCopyRegion region = {0, 0, 0, SIZE_PX, SIZE_PX, 1};
    CHECK(hsCommandBufferCopyTextureToBuffer(&commands, &target, 0, &region, &readback, 0, 0, 0));
    HScommandHandle handle;
    CHECK(hsCommandBufferEndRecording(&commands, &handle));

    HSQueue queue;
    CHECK(hsQueueInitialize(&queue, &device));
    CHECK(hsQueueSubmitCommands(&queue, 1, &handle));
    /* A fence and a CPU wait, as a frame loop does. */
    HSSync done;
    CHECK(hsSyncInitialize(&done, &device));
    CHECK(hsQueueFenceSync(&queue, &done, HS_SYNC_CONDITION_ALL_GPU_COMMANDS_COMPLETE));
    CHECK(hsQueueFlush(&queue));
    HSsyncWaitResult waited = 0;
    CHECK(hsSyncWait(&done, 60ull * 1000 * 1000 * 1000, &waited));
    if (waited != HS_SYNC_WAIT_RESULT_CONDITION_SATISFIED) {
        fprintf(stderr, "the fence did not signal (%u)\n", waited);
        return 1;
    }
    void *mapped = NULL;
    CHECK(hsMemoryPoolMap(&pool, &mapped));
    write_file(out_path, (const unsigned char *)mapped + readback_offset_b, image_b);
    check_validation(&device);

    CHECK(hsSyncFinalize(&done));
    CHECK(hsQueueFinalize(&queue));
    CHECK(hsCommandBufferFinalize(&commands));
    CHECK(hsProgramFinalize(&program));
    CHECK(hsTexturePoolFinalize(&texture_pool));
    CHECK(hsSamplerPoolFinalize(&sampler_pool));
    CHECK(hsSamplerFinalize(&sampler));
    CHECK(hsBufferFinalize(&readback));
    CHECK(hsBufferFinalize(&vertex_buffer));
    CHECK(hsBufferFinalize(&upload));
    CHECK(hsTextureFinalize(&texture));
    CHECK(hsTextureFinalize(&target));
    CHECK(hsMemoryPoolFinalize(&pool));
    CHECK(hsDeviceFinalize(&device));
    return 0;
}
