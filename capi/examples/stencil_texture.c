/* Sampling the stencil of a depth/stencil texture through the C ABI. An 8x8 Z24S8 texture
 * has its stencil cleared to 0x10, then a draw over the left half (columns 0-3) with the
 * stencil op REPLACE writes 0x5a there. A later pass samples it through a view in
 * HS_DEPTH_STENCIL_MODE_STENCIL as a usampler2D (texelFetch) into an RGBA32F target, whose
 * texels are written to the file named by the first argument. A stencil-mode view of a
 * texture without stencil is refused. */
#include "common.h"

#define SIZE_PX 8u
#define IMAGE_B (SIZE_PX * SIZE_PX * 16u)

/* Columns 0-3 as two triangles, edges on pixel boundaries. */
static const float LEFT_HALF[12] = {-1.0f, -1.0f, 0.0f, -1.0f, -1.0f, 1.0f,
                                    0.0f,  -1.0f, 0.0f, 1.0f,  -1.0f, 1.0f};

static const char *const STENCIL =
    "#version 450\n"
    "layout(location = 0) out vec4 colour;\n"
    "layout(binding = 0) uniform usampler2D stencil;\n"
    "void main() { colour = vec4(texelFetch(stencil, ivec2(gl_FragCoord.xy), 0)); }\n";

int main(int argc, char **argv) {
    const char *out_path = output_path(argc, argv);
    HSDevice device;
    open_device(&device);

    HSMemoryPool pool;
    make_pool(&pool, &device, 1u << 20);
    const uint64_t vertices_offset_b = 256u << 10, readback_offset_b = 512u << 10;
    CHECK(hsMemoryPoolWrite(&pool, vertices_offset_b, LEFT_HALF, sizeof LEFT_HALF));
    CHECK(hsMemoryPoolWrite(&pool, vertices_offset_b + 4096, FULL_TRIANGLE,
                            sizeof FULL_TRIANGLE));
    HSTexture depth_stencil, colour, sampled;
    make_texture_2d(&depth_stencil, &device, &pool, 0, HS_FORMAT_Z24S8, SIZE_PX, SIZE_PX);
    make_texture_2d(&colour, &device, &pool, 64u << 10, HS_FORMAT_RGBA8, SIZE_PX, SIZE_PX);
    make_texture_2d(&sampled, &device, &pool, 128u << 10, HS_FORMAT_RGBA32F, SIZE_PX, SIZE_PX);
    HSBuffer half, full, readback;
    make_buffer(&half, &device, &pool, vertices_offset_b, sizeof LEFT_HALF);
    make_buffer(&full, &device, &pool, vertices_offset_b + 4096, sizeof FULL_TRIANGLE);
    make_buffer(&readback, &device, &pool, readback_offset_b, IMAGE_B);
    HSProgram green, stencil_reader;
    make_program(&green, &device, POSITION_VERTEX, GREEN_FRAGMENT);
    make_program(&stencil_reader, &device, POSITION_VERTEX, STENCIL);

    HSTextureView stencil_view;
    CHECK(hsTextureViewSetDefaults(&stencil_view));
    CHECK(hsTextureViewSetDepthStencilMode(&stencil_view, HS_DEPTH_STENCIL_MODE_STENCIL));
    HSTexturePool texture_pool;
    HSSamplerPool sampler_pool;
    HSSampler sampler;
    const uint64_t handle_bits = make_nearest_tables(&texture_pool, &sampler_pool, &sampler,
                                                     &device, &depth_stencil, &stencil_view);
    if (hsTexturePoolRegisterTexture(&texture_pool, 2, &colour, &stencil_view) == HS_SUCCESS) {
        fprintf(stderr, "FAIL: a stencil-mode view of RGBA8 was accepted\n");
        return 1;
    }

    HSCommandBuffer commands;
    CHECK(hsCommandBufferInitialize(&commands, &device));
    CHECK(hsCommandBufferBeginRecording(&commands));
    const HSTexture *colors[1] = {&colour};
    CHECK(hsCommandBufferSetRenderTargets(&commands, 1, colors, NULL, &depth_stencil, NULL));
    set_area(&commands, SIZE_PX, SIZE_PX);
    CHECK(hsCommandBufferClearDepthStencil(&commands, 1.0f, 1, 0x10, 0xff));
    HSStencilFace face = {HS_STENCIL_OP_KEEP, HS_STENCIL_OP_KEEP, HS_STENCIL_OP_REPLACE,
                          HS_COMPARE_ALWAYS, 0x5a, 0xff, 0xff};
    HSDepthStencilState replace = {0, 0, HS_COMPARE_LESS, 1, face, face};
    CHECK(hsCommandBufferSetDepthStencilState(&commands, &replace));
    CHECK(hsCommandBufferBindProgram(&commands, &green));
    bind_positions(&commands, &half, sizeof LEFT_HALF);
    CHECK(hsCommandBufferDrawArrays(&commands, HS_DRAW_PRIMITIVE_TRIANGLES, 0, 6));
    CHECK(hsCommandBufferBarrier(&commands, HS_BARRIER_ORDER_FRAGMENTS |
                                                HS_BARRIER_INVALIDATE_TEXTURE));
    const HSTexture *sampled_targets[1] = {&sampled};
    CHECK(hsCommandBufferSetRenderTargets(&commands, 1, sampled_targets, NULL, NULL, NULL));
    HSDepthStencilState off = {0, 0, HS_COMPARE_LESS, 0, face, face};
    CHECK(hsCommandBufferSetDepthStencilState(&commands, &off));
    CHECK(hsCommandBufferBindProgram(&commands, &stencil_reader));
    CHECK(hsCommandBufferSetTexturePool(&commands, &texture_pool));
    CHECK(hsCommandBufferSetSamplerPool(&commands, &sampler_pool));
    CHECK(hsCommandBufferBindTexture(&commands, HS_SHADER_STAGE_FRAGMENT, 0, handle_bits));
    bind_positions(&commands, &full, sizeof FULL_TRIANGLE);
    CHECK(hsCommandBufferDrawArrays(&commands, HS_DRAW_PRIMITIVE_TRIANGLES, 0, 3));
    HSCopyRegion region = {0, 0, 0, SIZE_PX, SIZE_PX, 1};
    CHECK(hsCommandBufferCopyTextureToBuffer(&commands, &sampled, 0, &region, &readback, 0, 0, 0));
    HScommandHandle handle;
    CHECK(hsCommandBufferEndRecording(&commands, &handle));
    HSQueue queue;
    CHECK(hsQueueInitialize(&queue, &device));
    CHECK(hsQueueSubmitCommands(&queue, 1, &handle));
    CHECK(hsQueueFinish(&queue));

    unsigned char out[IMAGE_B];
    CHECK(hsMemoryPoolRead(&pool, readback_offset_b, out, IMAGE_B));
    write_file(out_path, out, sizeof out);
    check_validation(&device);

    CHECK(hsCommandBufferFinalize(&commands));
    CHECK(hsQueueFinalize(&queue));
    CHECK(hsTexturePoolFinalize(&texture_pool));
    CHECK(hsSamplerPoolFinalize(&sampler_pool));
    CHECK(hsSamplerFinalize(&sampler));
    CHECK(hsProgramFinalize(&stencil_reader));
    CHECK(hsProgramFinalize(&green));
    CHECK(hsBufferFinalize(&readback));
    CHECK(hsBufferFinalize(&full));
    CHECK(hsBufferFinalize(&half));
    CHECK(hsTextureFinalize(&sampled));
    CHECK(hsTextureFinalize(&colour));
    CHECK(hsTextureFinalize(&depth_stencil));
    CHECK(hsMemoryPoolFinalize(&pool));
    CHECK(hsDeviceFinalize(&device));
    return 0;
}
