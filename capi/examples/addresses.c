/* NVN's address model as a port uses it: one pool and no buffer objects. Every address is
 * the pool's (hsMemoryPoolGetBufferAddress) plus an offset the port computes, and every
 * command takes an address: a compute program writes an indirect draw's arguments into
 * the pool, the draw reads them there (vertices, tint and arguments all bound by
 * address), and the target, the arguments, a reported value and a cleared range are
 * copied by address to a read-back range. Then every bad address is refused, naming the
 * address: one in no pool, a range past its pool's end, a range across two pools; and a
 * list naming an address in a pool finalized after it was recorded is refused at submit.
 * The first argument's file gets the 64x64 RGBA8 target, then 16 bytes of arguments, the
 * reported value (4) and the cleared words (16). */
#include "expect_fail.h"

#define SIZE_PX 64u
#define POOL_B (1u << 20)

static const char *const ARGUMENTS_COMPUTE =
    "#version 450\n"
    "layout(local_size_x = 1) in;\n"
    "layout(std140, binding = 0) uniform Params { uint first_vertex; };\n"
    "layout(std430, binding = 0) buffer Arguments { uint words[4]; };\n"
    "void main() { words[0] = 3u; words[1] = 1u; words[2] = first_vertex; words[3] = 0u; }\n";

/* A triangle over the whole target (never drawn: the arguments skip it) and the half
 * triangle the GPU-written arguments draw. */
static const float VERTICES[12] = {-1.0f, -1.0f, 3.0f, -1.0f, -1.0f, 3.0f,
                                   -1.0f, -1.0f, 1.0f, -1.0f, -1.0f, 1.0f};
static const float GREEN[4] = {0, 1, 0, 1};
static const uint32_t FIRST_VERTEX[4] = {3, 0, 0, 0};

/* `call` must fail out of range, its one message naming `address` in hex. */
#define EXPECT_BAD_ADDRESS(call, name, address)                                        \
    do {                                                                               \
        char hex_[32];                                                                 \
        snprintf(hex_, sizeof hex_, "%#llx", (unsigned long long)(address));           \
        EXPECT_FAIL(call, HS_ERROR_OUT_OF_RANGE, name);                                \
        if (strstr(message_log()->message, hex_) == NULL ||                            \
            strstr(message_log()->message, "pool #") == NULL) {                        \
            printf("FAIL the message does not name %s and a pool\n", hex_);            \
            failed++;                                                                  \
        }                                                                              \
    } while (0)

int main(int argc, char **argv) {
    const char *out_path = output_path(argc, argv);
    HSDevice device;
    open_device(&device);
    HSMemoryPool pool;
    make_pool(&pool, &device, POOL_B);
    HSgpuAddress base = 0;
    CHECK(hsMemoryPoolGetBufferAddress(&pool, &base));
    if (base == 0 || (base & 0xffff) != 0) {
        fprintf(stderr, "pool address %#llx is not a 64 KiB aligned address\n",
                (unsigned long long)base);
        return 1;
    }
    /* The port's own layout: offsets from the pool's address. */
    const HSgpuAddress vertices = base + (64u << 10), tint = vertices + 256;
    const HSgpuAddress params = tint + 256, arguments = params + 256;
    const HSgpuAddress report = arguments + 256, cleared = report + 256;
    const HSgpuAddress readback = base + (128u << 10);
    const uint64_t image_b = SIZE_PX * SIZE_PX * 4;
    CHECK(hsMemoryPoolWrite(&pool, vertices - base, VERTICES, sizeof VERTICES));
    CHECK(hsMemoryPoolWrite(&pool, tint - base, GREEN, sizeof GREEN));
    CHECK(hsMemoryPoolWrite(&pool, params - base, FIRST_VERTEX, sizeof FIRST_VERTEX));

    HSTexture target;
    make_texture_2d(&target, &device, &pool, 0, HS_FORMAT_RGBA8, SIZE_PX, SIZE_PX);
    HSProgram program, compute;
    make_program(&program, &device, POSITION_VERTEX, TINT_FRAGMENT);
    HSShaderData compute_shader = {HS_SHADER_STAGE_COMPUTE, HS_SHADER_CODE_GLSL,
                                   ARGUMENTS_COMPUTE, strlen(ARGUMENTS_COMPUTE)};
    CHECK(hsProgramInitialize(&compute, &device));
    CHECK(hsProgramSetShaders(&compute, 1, &compute_shader));

    HSCommandBuffer commands;
    CHECK(hsCommandBufferInitialize(&commands, &device));
    const HSCommandBuffer *cmd = &commands;
    HScommandHandle handle;
    CHECK(hsCommandBufferBeginRecording(cmd));
    vulkan_clip_space(cmd); /* the CPU triangle model counts rows down with clip y */
    CHECK(hsCommandBufferBindProgram(cmd, &compute));
    CHECK(hsCommandBufferBindUniformBufferAddress(cmd, HS_SHADER_STAGE_COMPUTE, 0, params, 16));
    CHECK(hsCommandBufferBindStorageBufferAddress(cmd, HS_SHADER_STAGE_COMPUTE, 0, arguments, 16));
    CHECK(hsCommandBufferDispatchCompute(cmd, 1, 1, 1));
    CHECK(hsCommandBufferBarrier(cmd, HS_BARRIER_ORDER_PRIMITIVES | HS_BARRIER_ORDER_INDIRECT_DATA |
                                          HS_BARRIER_INVALIDATE_SHADER));
    const HSTexture *colors[1] = {&target};
    CHECK(hsCommandBufferSetRenderTargets(cmd, 1, colors, NULL, NULL, NULL));
    set_area(cmd, SIZE_PX, SIZE_PX);
    const float black[4] = {0, 0, 0, 1};
    CHECK(hsCommandBufferClearColor(cmd, 0, black, HS_CLEAR_COLOR_MASK_RGBA));
    CHECK(hsCommandBufferBindProgram(cmd, &program));
    HSVertexStream stream = {8, 0};
    HSVertexAttribute attribute = {0, 0, HS_VERTEX_COMPONENT_FLOAT32, 2, 0};
    CHECK(hsCommandBufferSetVertexStreams(cmd, 1, &stream));
    CHECK(hsCommandBufferSetVertexAttributes(cmd, 1, &attribute));
    CHECK(hsCommandBufferBindVertexBufferAddress(cmd, 0, vertices, sizeof VERTICES));
    CHECK(hsCommandBufferBindUniformBufferAddress(cmd, HS_SHADER_STAGE_FRAGMENT, 0, tint, 16));
    CHECK(hsCommandBufferDrawIndirectAddress(cmd, HS_DRAW_PRIMITIVE_TRIANGLES, 0, arguments, 1, 16));
    CHECK(hsCommandBufferReportValueAddress(cmd, 0x5eed, report));
    CHECK(hsCommandBufferClearBufferAddress(cmd, cleared, 16, 0xabcdef01u));
    CHECK(hsCommandBufferBarrier(cmd, HS_BARRIER_ORDER_PRIMITIVES | HS_BARRIER_INVALIDATE_SHADER));
    HSCopyRegion whole = {0, 0, 0, SIZE_PX, SIZE_PX, 1};
    CHECK(hsCommandBufferCopyTextureToBufferAddress(cmd, &target, 0, &whole, readback, 0, 0));
    CHECK(hsCommandBufferCopyBufferToBufferAddress(cmd, arguments, readback + image_b, 16));
    CHECK(hsCommandBufferCopyBufferToBufferAddress(cmd, report, readback + image_b + 16, 4));
    CHECK(hsCommandBufferCopyBufferToBufferAddress(cmd, cleared, readback + image_b + 20, 16));

    /* Bad addresses, while recording: none is recorded. A second pool lies right after
     * the first (both multiples of 64 KiB), so a range may run from one into the other. */
    hsDeviceInstallDebugCallback(&device, log_message, NULL);
    HSMemoryPool next;
    make_pool(&next, &device, 64u << 10);
    HSgpuAddress next_base = 0;
    CHECK(hsMemoryPoolGetBufferAddress(&next, &next_base));
    if (next_base != base + POOL_B) {
        fprintf(stderr, "the second pool is at %#llx, not right after the first\n",
                (unsigned long long)next_base);
        return 1;
    }
    const HSgpuAddress nowhere = base - 4096, past = next_base + (64u << 10) - 2;
    const HSgpuAddress across = base + POOL_B - 2;
    const HSgpuAddress bad[3] = {nowhere, past, across};
    for (unsigned i = 0; i < 3; i++) {
        HSgpuAddress at = bad[i];
        EXPECT_BAD_ADDRESS(hsCommandBufferBindVertexBufferAddress(cmd, 0, at, 16),
                           "hsCommandBufferBindVertexBufferAddress", at);
        EXPECT_BAD_ADDRESS(hsCommandBufferBindIndexBufferAddress(cmd, HS_INDEX_TYPE_UNSIGNED_SHORT, at, 16),
                           "hsCommandBufferBindIndexBufferAddress", at);
        EXPECT_BAD_ADDRESS(hsCommandBufferBindUniformBufferAddress(cmd, HS_SHADER_STAGE_FRAGMENT, 0, at, 16),
                           "hsCommandBufferBindUniformBufferAddress", at);
        EXPECT_BAD_ADDRESS(hsCommandBufferBindStorageBufferAddress(cmd, HS_SHADER_STAGE_FRAGMENT, 0, at, 16),
                           "hsCommandBufferBindStorageBufferAddress", at);
        EXPECT_BAD_ADDRESS(hsCommandBufferBindTransformFeedbackBufferAddress(cmd, 0, at, 16),
                           "hsCommandBufferBindTransformFeedbackBufferAddress", at);
        EXPECT_BAD_ADDRESS(hsCommandBufferDrawIndirectAddress(cmd, HS_DRAW_PRIMITIVE_TRIANGLES, 0, at, 1, 16),
                           "hsCommandBufferDrawIndirectAddress", at);
        EXPECT_BAD_ADDRESS(hsCommandBufferDispatchComputeIndirectAddress(cmd, at),
                           "hsCommandBufferDispatchComputeIndirectAddress", at);
        EXPECT_BAD_ADDRESS(hsCommandBufferCopyBufferToBufferAddress(cmd, at, readback, 16),
                           "hsCommandBufferCopyBufferToBufferAddress", at);
        EXPECT_BAD_ADDRESS(hsCommandBufferCopyBufferToBufferAddress(cmd, readback, at, 16),
                           "hsCommandBufferCopyBufferToBufferAddress", at);
        EXPECT_BAD_ADDRESS(hsCommandBufferCopyBufferToTextureAddress(cmd, at, 0, 0, &target, 0, &whole),
                           "hsCommandBufferCopyBufferToTextureAddress", at);
        EXPECT_BAD_ADDRESS(hsCommandBufferCopyTextureToBufferAddress(cmd, &target, 0, &whole, at, 0, 0),
                           "hsCommandBufferCopyTextureToBufferAddress", at);
        EXPECT_BAD_ADDRESS(hsCommandBufferClearBufferAddress(cmd, at, 16, 0),
                           "hsCommandBufferClearBufferAddress", at);
        EXPECT_BAD_ADDRESS(hsCommandBufferReportCounterAddress(cmd, HS_COUNTER_TIMESTAMP, at),
                           "hsCommandBufferReportCounterAddress", at);
        EXPECT_BAD_ADDRESS(hsCommandBufferReportValueAddress(cmd, 1, at),
                           "hsCommandBufferReportValueAddress", at);
        EXPECT_BAD_ADDRESS(hsCommandBufferSetRenderEnableConditionalAddress(
                               cmd, HS_CONDITIONAL_RENDER_MODE_RENDER_IF_EQUAL, at),
                           "hsCommandBufferSetRenderEnableConditionalAddress", at);
        EXPECT_BAD_ADDRESS(hsCommandBufferUpdateUniformBufferAddress(cmd, at, 16, 0, 16, GREEN),
                           "hsCommandBufferUpdateUniformBufferAddress", at);
        EXPECT_BAD_ADDRESS(hsCommandBufferBeginTransformFeedbackAddress(cmd, at),
                           "hsCommandBufferBeginTransformFeedbackAddress", at);
    }
    hsDeviceInstallDebugCallback(&device, print_message, NULL);
    CHECK(hsCommandBufferEndRecording(cmd, &handle));

    HSQueue queue;
    CHECK(hsQueueInitialize(&queue, &device));
    CHECK(hsQueueSubmitCommands(&queue, 1, &handle));
    CHECK(hsQueueFinish(&queue));
    unsigned char *mapped = NULL;
    CHECK(hsMemoryPoolMap(&pool, (void **)&mapped));
    write_file(out_path, mapped + (readback - base), image_b + 36);

    /* A list naming an address in a pool finalized after the list was recorded. */
    HScommandHandle stale;
    CHECK(hsCommandBufferBeginRecording(cmd));
    CHECK(hsCommandBufferClearBufferAddress(cmd, next_base, 16, 0));
    CHECK(hsCommandBufferEndRecording(cmd, &stale));
    CHECK(hsMemoryPoolFinalize(&next));
    hsDeviceInstallDebugCallback(&device, log_message, NULL);
    HSresult result = hsQueueSubmitCommands(&queue, 1, &stale);
    hsDeviceInstallDebugCallback(&device, print_message, NULL);
    if (result == HS_SUCCESS || strstr(message_log()->message, "pool #") == NULL) {
        printf("FAIL a list naming a finalized pool's address was submitted (%d)\n", (int)result);
        failed++;
    } else {
        printf("ok   stale address at submit -> %d: %s\n", (int)result, message_log()->message);
        passed++;
    }
    CHECK(hsQueueFinish(&queue));
    check_validation(&device);
    printf("address cases: %d passed, %d failed\n", passed, failed);

    CHECK(hsQueueFinalize(&queue));
    CHECK(hsCommandBufferFinalize(&commands));
    CHECK(hsProgramFinalize(&compute));
    CHECK(hsProgramFinalize(&program));
    CHECK(hsTextureFinalize(&target));
    CHECK(hsMemoryPoolFinalize(&pool));
    CHECK(hsDeviceFinalize(&device));
    return failed == 0 ? 0 : 1;
}
