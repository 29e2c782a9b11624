/* Every length and count a C caller passes is checked against its bound before a byte is
 * read, copied or reserved for it: a size of UINT64_MAX or a count of UINT32_MAX fails the
 * call with HS_ERROR_OUT_OF_RANGE and one message, and the process goes on (an update of
 * the right size lands afterwards). Prints one line a case and
 * "bounds cases: N passed, 0 failed" at the end. */
#include <stdint.h>

#include "expect_fail.h"

int main(void) {
    HSDevice device;
    HSDeviceBuilder device_builder;
    CHECK(hsDeviceBuilderSetDefaults(&device_builder));
    CHECK(hsDeviceInitialize(&device, &device_builder));
    CHECK(hsDeviceInstallDebugCallback(&device, log_message, NULL));

    HSMemoryPool pool;
    make_pool(&pool, &device, 64u << 10);
    HSBuffer buffer;
    make_buffer(&buffer, &device, &pool, 0, 256);
    static uint32_t data[64];
    for (int i = 0; i < 64; i++) data[i] = 0x01020304u * (uint32_t)(i + 1);

    /* Descriptor pools of no slots: nothing could be registered in them. */
    HSTexturePool texture_pool;
    EXPECT_FAIL(hsTexturePoolInitialize(&texture_pool, &device, 0), HS_ERROR_OUT_OF_RANGE,
                "hsTexturePoolInitialize");
    HSSamplerPool sampler_pool;
    EXPECT_FAIL(hsSamplerPoolInitialize(&sampler_pool, &device, 0), HS_ERROR_OUT_OF_RANGE,
                "hsSamplerPoolInitialize");

    /* Lifetimes: a pool holding a live texture is not finalized (and stays usable). */
    HSMemoryPool texture_storage;
    make_pool(&texture_storage, &device, 64u << 10);
    HSTexture held;
    make_texture_2d(&held, &device, &texture_storage, 0, HS_FORMAT_RGBA8, 16, 16);
    EXPECT_FAIL(hsMemoryPoolFinalize(&texture_storage), HS_ERROR_BUSY, "hsMemoryPoolFinalize");
    CHECK(hsMemoryPoolWrite(&texture_storage, 0, data, 16));
    CHECK(hsTextureFinalize(&held));
    CHECK(hsMemoryPoolFinalize(&texture_storage));

    /* Pool copies: a length past the pool is refused before the caller's bytes are read. */
    EXPECT_FAIL(hsMemoryPoolWrite(&pool, 0, data, UINT64_MAX), HS_ERROR_OUT_OF_RANGE,
                "hsMemoryPoolWrite");
    EXPECT_FAIL(hsMemoryPoolRead(&pool, 0, data, UINT64_MAX), HS_ERROR_OUT_OF_RANGE,
                "hsMemoryPoolRead");
    EXPECT_FAIL(hsMemoryPoolWrite(&pool, UINT64_MAX, data, 16), HS_ERROR_OUT_OF_RANGE,
                "hsMemoryPoolWrite");

    HSCommandBuffer commands;
    CHECK(hsCommandBufferInitialize(&commands, &device));
    CHECK(hsCommandBufferBeginRecording(&commands));
    /* The inline uniform update copies at most 64 KiB: the size is checked first. */
    EXPECT_FAIL(hsCommandBufferUpdateUniformBuffer(&commands, &buffer, 0, UINT64_MAX, data),
                HS_ERROR_OUT_OF_RANGE, "hsCommandBufferUpdateUniformBuffer");
    EXPECT_FAIL(hsCommandBufferUpdateUniformBuffer(&commands, &buffer, 0, (64u << 10) + 4, data),
                HS_ERROR_OUT_OF_RANGE, "hsCommandBufferUpdateUniformBuffer");
    EXPECT_FAIL(hsCommandBufferUpdateUniformBuffer(&commands, &buffer, UINT64_MAX - 3, 16, data),
                HS_ERROR_OUT_OF_RANGE, "hsCommandBufferUpdateUniformBuffer");
    /* An offset whose sum with the buffer's own offset wraps (found by the C ABI fuzz
     * target): refused, not an overflow. */
    HSBuffer later;
    make_buffer(&later, &device, &pool, 256, 256);
    EXPECT_FAIL(hsCommandBufferUpdateUniformBuffer(&commands, &later, UINT64_MAX - 3, 16, data),
                HS_ERROR_OUT_OF_RANGE, "hsCommandBufferUpdateUniformBuffer");

    /* Counts of state arrays: one element given, UINT32_MAX claimed. */
    HSViewport viewport;
    memset(&viewport, 0, sizeof viewport);
    EXPECT_FAIL(hsCommandBufferSetViewports(&commands, 0, UINT32_MAX, &viewport),
                HS_ERROR_OUT_OF_RANGE, "hsCommandBufferSetViewports");
    HSScissor scissor;
    memset(&scissor, 0, sizeof scissor);
    EXPECT_FAIL(hsCommandBufferSetScissors(&commands, 0, UINT32_MAX, &scissor),
                HS_ERROR_OUT_OF_RANGE, "hsCommandBufferSetScissors");
    HSVertexAttribute attribute;
    memset(&attribute, 0, sizeof attribute);
    EXPECT_FAIL(hsCommandBufferSetVertexAttributes(&commands, UINT32_MAX, &attribute),
                HS_ERROR_OUT_OF_RANGE, "hsCommandBufferSetVertexAttributes");
    HSVertexStream stream;
    memset(&stream, 0, sizeof stream);
    EXPECT_FAIL(hsCommandBufferSetVertexStreams(&commands, UINT32_MAX, &stream),
                HS_ERROR_OUT_OF_RANGE, "hsCommandBufferSetVertexStreams");
    const HSTexture *no_colors[1] = {NULL};
    EXPECT_FAIL(hsCommandBufferSetRenderTargets(&commands, UINT32_MAX, no_colors, NULL, NULL, NULL),
                HS_ERROR_OUT_OF_RANGE, "hsCommandBufferSetRenderTargets");

    /* The list still records: an update of the right size, then read back after the fence. */
    CHECK(hsCommandBufferUpdateUniformBuffer(&commands, &buffer, 0, sizeof data, data));
    HScommandHandle handle;
    CHECK(hsCommandBufferEndRecording(&commands, &handle));
    HSQueue queue;
    CHECK(hsQueueInitialize(&queue, &device));
    EXPECT_FAIL(hsQueueSubmitCommands(&queue, UINT32_MAX, &handle), HS_ERROR_OUT_OF_RANGE,
                "hsQueueSubmitCommands");
    CHECK(hsQueueSubmitCommands(&queue, 1, &handle));
    CHECK(hsQueueFinish(&queue));
    uint32_t landed[64];
    memset(landed, 0, sizeof landed);
    CHECK(hsMemoryPoolRead(&pool, 0, landed, sizeof landed));
    int landed_ok = memcmp(landed, data, sizeof data) == 0;
    printf("%s the update of the right size landed after the refused ones\n",
           landed_ok ? "ok  " : "FAIL");
    if (landed_ok) passed++; else failed++;

    /* Shader bytes and shader counts. */
    HSProgram program;
    CHECK(hsProgramInitialize(&program, &device));
    HSShaderData shader;
    memset(&shader, 0, sizeof shader);
    shader.stage = HS_SHADER_STAGE_FRAGMENT;
    shader.code = HS_SHADER_CODE_GLSL;
    shader.data = GREEN_FRAGMENT;
    shader.size_b = UINT64_MAX;
    EXPECT_FAIL(hsProgramSetShaders(&program, 1, &shader), HS_ERROR_OUT_OF_RANGE,
                "hsProgramSetShaders");
    shader.size_b = strlen(GREEN_FRAGMENT);
    EXPECT_FAIL(hsProgramSetShaders(&program, UINT32_MAX, &shader), HS_ERROR_OUT_OF_RANGE,
                "hsProgramSetShaders");
    HSCompiledShaderData compiled;
    memset(&compiled, 0, sizeof compiled);
    compiled.stage = HS_SHADER_STAGE_FRAGMENT;
    compiled.code = HS_COMPILED_CODE_PARTS;
    compiled.data = data;
    compiled.size_b = UINT64_MAX;
    EXPECT_FAIL(hsProgramSetCompiledShaders(&program, 1, &compiled, NULL), HS_ERROR_OUT_OF_RANGE,
                "hsProgramSetCompiledShaders");
    compiled.size_b = sizeof data;
    compiled.sph = data;
    compiled.sph_size_b = UINT64_MAX;
    EXPECT_FAIL(hsProgramSetCompiledShaders(&program, 1, &compiled, NULL), HS_ERROR_OUT_OF_RANGE,
                "hsProgramSetCompiledShaders");
    compiled.sph_size_b = 0x50;
    compiled.constbuf1 = data;
    compiled.constbuf1_size_b = UINT64_MAX;
    EXPECT_FAIL(hsProgramSetCompiledShaders(&program, 1, &compiled, NULL), HS_ERROR_OUT_OF_RANGE,
                "hsProgramSetCompiledShaders");
    HSShaderData both[2];
    memset(both, 0, sizeof both);
    both[0].stage = HS_SHADER_STAGE_VERTEX;
    both[0].code = HS_SHADER_CODE_GLSL;
    both[0].data = POSITION_VERTEX;
    both[0].size_b = strlen(POSITION_VERTEX);
    both[1] = shader;
    CHECK(hsProgramSetShaders(&program, 2, both));

    CHECK(hsProgramFinalize(&program));
    CHECK(hsQueueFinalize(&queue));
    CHECK(hsCommandBufferFinalize(&commands));
    CHECK(hsBufferFinalize(&buffer));
    CHECK(hsBufferFinalize(&later));
    CHECK(hsMemoryPoolFinalize(&pool));
    check_validation(&device);
    CHECK(hsDeviceFinalize(&device));
    printf("bounds cases: %d passed, %d failed\n", passed, failed);
    return failed == 0 ? 0 : 1;
}
