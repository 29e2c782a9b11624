/* Every bad input the header lists fails with its code and a debug callback message, and
 * the process goes on: NULL, misaligned, uninitialized, garbage, finalized, wrong-kind and
 * foreign objects; builders never set to defaults or with bad fields; ranges past a pool's
 * end; a device finalized while its objects live; commands out of order. Prints one line
 * a case and "error cases: N passed, 0 failed" at the end. */
#include "expect_fail.h"

int main(void) {
    HSDevice device;
    HSDeviceBuilder device_builder;
    CHECK(hsDeviceBuilderSetDefaults(&device_builder));
    CHECK(hsDeviceInitialize(&device, &device_builder));
    CHECK(hsDeviceInstallDebugCallback(&device, log_message, NULL));

    /* Object pointers. */
    EXPECT_FAIL(hsCommandBufferBeginRecording(NULL), HS_ERROR_INVALID_OBJECT,
                "hsCommandBufferBeginRecording");
    _Alignas(8) unsigned char storage[32] = {0};
    EXPECT_FAIL(hsQueueFinish((const HSQueue *)(void *)(storage + 1)), HS_ERROR_INVALID_OBJECT,
                "hsQueueFinish");
    HSQueue zeroed;
    memset(&zeroed, 0, sizeof zeroed);
    EXPECT_FAIL(hsQueueFinish(&zeroed), HS_ERROR_INVALID_OBJECT, "hsQueueFinish");
    HSQueue garbage;
    memset(&garbage, 0xab, sizeof garbage);
    EXPECT_FAIL(hsQueueFlush(&garbage), HS_ERROR_INVALID_OBJECT, "hsQueueFlush");

    EXPECT_FAIL(hsDeviceGetHostPageSize(&device, NULL), HS_ERROR_INVALID_ARGUMENT,
                "hsDeviceGetHostPageSize");
    uint64_t device_page_b = 0;
    EXPECT_FAIL(hsDeviceGetHostPageSize(NULL, &device_page_b), HS_ERROR_INVALID_OBJECT,
                "hsDeviceGetHostPageSize");

    HSSync sync, sync_copy;
    CHECK(hsSyncInitialize(&sync, &device));
    EXPECT_FAIL(hsSyncInitialize(&sync, &device), HS_ERROR_BUSY, "hsSyncInitialize");
    sync_copy = sync;
    EXPECT_FAIL(hsBufferFinalize((HSBuffer *)(void *)&sync), HS_ERROR_INVALID_OBJECT,
                "hsBufferFinalize");
    CHECK(hsSyncFinalize(&sync));
    HSsyncWaitResult wait_result;
    EXPECT_FAIL(hsSyncWait(&sync_copy, 0, &wait_result), HS_ERROR_INVALID_OBJECT, "hsSyncWait");
    EXPECT_FAIL(hsSyncFinalize(&sync), HS_ERROR_INVALID_OBJECT, "hsSyncFinalize");

    /* Builders. */
    HSMemoryPoolBuilder unset;
    memset(&unset, 0, sizeof unset);
    HSMemoryPool pool;
    EXPECT_FAIL(hsMemoryPoolInitialize(&pool, &unset), HS_ERROR_INVALID_ARGUMENT,
                "hsMemoryPoolInitialize");
    HSMemoryPoolBuilder pool_builder;
    CHECK(hsMemoryPoolBuilderSetDefaults(&pool_builder));
    CHECK(hsMemoryPoolBuilderSetDevice(&pool_builder, &device));
    CHECK(hsMemoryPoolBuilderSetSize(&pool_builder, 1000));
    EXPECT_FAIL(hsMemoryPoolInitialize(&pool, &pool_builder), HS_ERROR_INVALID_ARGUMENT,
                "hsMemoryPoolInitialize");
    CHECK(hsMemoryPoolBuilderSetSize(&pool_builder, 64u << 10));
    CHECK(hsMemoryPoolBuilderSetFlags(&pool_builder, HS_MEMORY_POOL_FLAGS_CPU_CACHED |
                                                         HS_MEMORY_POOL_FLAGS_CPU_UNCACHED |
                                                         HS_MEMORY_POOL_FLAGS_GPU_CACHED));
    EXPECT_FAIL(hsMemoryPoolInitialize(&pool, &pool_builder), HS_ERROR_INVALID_ARGUMENT,
                "hsMemoryPoolInitialize");
    CHECK(hsMemoryPoolBuilderSetFlags(&pool_builder, HS_MEMORY_POOL_FLAGS_CPU_CACHED |
                                                         HS_MEMORY_POOL_FLAGS_GPU_CACHED));
    /* The game's storage must be aligned to the host's pages. */
    static unsigned char unaligned_storage[3u << 16];
    CHECK(hsMemoryPoolBuilderSetStorage(&pool_builder, unaligned_storage + 8, 64u << 10));
    EXPECT_FAIL(hsMemoryPoolInitialize(&pool, &pool_builder), HS_ERROR_INVALID_ARGUMENT,
                "hsMemoryPoolInitialize");
    CHECK(hsMemoryPoolBuilderSetStorage(&pool_builder, NULL, 64u << 10));
    CHECK(hsMemoryPoolInitialize(&pool, &pool_builder));

    HSTextureBuilder texture_builder;
    CHECK(hsTextureBuilderSetDefaults(&texture_builder));
    CHECK(hsTextureBuilderSetDevice(&texture_builder, &device));
    CHECK(hsTextureBuilderSetSize2D(&texture_builder, 64, 64));
    CHECK(hsTextureBuilderSetStorage(&texture_builder, &pool, 0));
    HSTexture texture;
    CHECK(hsTextureBuilderSetFormat(&texture_builder, 9999));
    EXPECT_FAIL(hsTextureInitialize(&texture, &texture_builder), HS_ERROR_INVALID_ARGUMENT,
                "hsTextureInitialize");
    CHECK(hsTextureBuilderSetFormat(&texture_builder, HS_FORMAT_RGBA8));
    CHECK(hsTextureBuilderSetTarget(&texture_builder, 77));
    EXPECT_FAIL(hsTextureInitialize(&texture, &texture_builder), HS_ERROR_INVALID_ARGUMENT,
                "hsTextureInitialize");
    CHECK(hsTextureBuilderSetTarget(&texture_builder, HS_TEXTURE_TARGET_2D));

    HSSamplerBuilder sampler_builder;
    CHECK(hsSamplerBuilderSetDefaults(&sampler_builder));
    CHECK(hsSamplerBuilderSetDevice(&sampler_builder, &device));
    CHECK(hsSamplerBuilderSetLodClamp(&sampler_builder, 4.0f, 1.0f));
    HSSampler sampler;
    EXPECT_FAIL(hsSamplerInitialize(&sampler, &sampler_builder), HS_ERROR_INVALID_ARGUMENT,
                "hsSamplerInitialize");
    CHECK(hsSamplerBuilderSetLodClamp(&sampler_builder, 0.0f, 1.0f));
    CHECK(hsSamplerBuilderSetWrapMode(&sampler_builder, 99, HS_WRAP_MODE_REPEAT,
                                      HS_WRAP_MODE_REPEAT));
    EXPECT_FAIL(hsSamplerInitialize(&sampler, &sampler_builder), HS_ERROR_INVALID_ARGUMENT,
                "hsSamplerInitialize");

    HSDeviceBuilder bad_switch;
    CHECK(hsDeviceBuilderSetDefaults(&bad_switch));
    CHECK(hsDeviceBuilderSetSwitch(&bad_switch, "RX_VK_GPU_STORAGE", "maybe"));
    HSDevice other;
    EXPECT_FAIL(hsDeviceInitialize(&other, &bad_switch), HS_ERROR_INVALID_ARGUMENT,
                "hsDeviceInitialize");
    CHECK(hsDeviceBuilderSetDefaults(&bad_switch));
    CHECK(hsDeviceBuilderSetSwitch(&bad_switch, "RX_VK_NO_SUCH_SWITCH", "1"));
    EXPECT_FAIL(hsDeviceInitialize(&other, &bad_switch), HS_ERROR_INVALID_ARGUMENT,
                "hsDeviceInitialize");

    /* Ranges past the pool's end. */
    HSBufferBuilder buffer_builder;
    CHECK(hsBufferBuilderSetDefaults(&buffer_builder));
    CHECK(hsBufferBuilderSetDevice(&buffer_builder, &device));
    CHECK(hsBufferBuilderSetStorage(&buffer_builder, &pool, 60u << 10, 8u << 10));
    HSBuffer buffer;
    EXPECT_FAIL(hsBufferInitialize(&buffer, &buffer_builder), HS_ERROR_OUT_OF_RANGE,
                "hsBufferInitialize");
    CHECK(hsTextureBuilderSetSize2D(&texture_builder, 256, 256));
    EXPECT_FAIL(hsTextureInitialize(&texture, &texture_builder), HS_ERROR_OUT_OF_RANGE,
                "hsTextureInitialize");
    const unsigned char bytes[16] = {1};
    EXPECT_FAIL(hsMemoryPoolWrite(&pool, (64u << 10) - 8, bytes, sizeof bytes),
                HS_ERROR_OUT_OF_RANGE, "hsMemoryPoolWrite");
    EXPECT_FAIL(hsMemoryPoolFlushMappedRange(&pool, 1u << 20, 4), HS_ERROR_OUT_OF_RANGE,
                "hsMemoryPoolFlushMappedRange");
    EXPECT_FAIL(hsMemoryPoolCopy(&pool, 0, &pool, 63u << 10, 2u << 10), HS_ERROR_OUT_OF_RANGE,
                "hsMemoryPoolCopy");
    HSTexturePool texture_pool;
    CHECK(hsTexturePoolInitialize(&texture_pool, &device, 4));
    CHECK(hsTextureBuilderSetSize2D(&texture_builder, 64, 64));
    CHECK(hsTextureInitialize(&texture, &texture_builder));
    EXPECT_FAIL(hsTexturePoolRegisterTexture(&texture_pool, 4, &texture, NULL),
                HS_ERROR_OUT_OF_RANGE, "hsTexturePoolRegisterTexture");

    /* A foreign object: a pool of another device. */
    HSDevice second;
    CHECK(hsDeviceBuilderSetDefaults(&device_builder));
    CHECK(hsDeviceInitialize(&second, &device_builder));
    CHECK(hsDeviceInstallDebugCallback(&second, log_message, NULL));
    HSMemoryPool second_pool;
    CHECK(hsMemoryPoolBuilderSetDevice(&pool_builder, &second));
    CHECK(hsMemoryPoolInitialize(&second_pool, &pool_builder));
    CHECK(hsBufferBuilderSetStorage(&buffer_builder, &second_pool, 0, 256));
    EXPECT_FAIL(hsBufferInitialize(&buffer, &buffer_builder), HS_ERROR_INVALID_OBJECT,
                "hsBufferInitialize");

    /* Stale buffers in a recording: a finalized one as the recording's first command
     * (the full way), and the copy of a buffer bound just before and finalized since
     * (the bind remembered the buffer; its finalize forgets it). */
    HSCommandBuffer stale_commands;
    CHECK(hsCommandBufferInitialize(&stale_commands, &device));
    HSBuffer bound, bound_copy, gone, gone_copy;
    CHECK(hsBufferBuilderSetStorage(&buffer_builder, &pool, 48u << 10, 256));
    CHECK(hsBufferInitialize(&bound, &buffer_builder));
    CHECK(hsBufferInitialize(&gone, &buffer_builder));
    gone_copy = gone;
    CHECK(hsBufferFinalize(&gone));
    CHECK(hsCommandBufferBeginRecording(&stale_commands));
    EXPECT_FAIL(hsCommandBufferBindVertexBuffer(&stale_commands, 0, &gone_copy, 0, 256),
                HS_ERROR_INVALID_OBJECT, "hsCommandBufferBindVertexBuffer");
    CHECK(hsCommandBufferBindVertexBuffer(&stale_commands, 0, &bound, 0, 256));
    CHECK(hsCommandBufferBindVertexBuffer(&stale_commands, 0, &bound, 64, 64));
    bound_copy = bound;
    CHECK(hsBufferFinalize(&bound));
    EXPECT_FAIL(hsCommandBufferBindVertexBuffer(&stale_commands, 0, &bound_copy, 64, 64),
                HS_ERROR_INVALID_OBJECT, "hsCommandBufferBindVertexBuffer");
    EXPECT_FAIL(hsCommandBufferBindUniformBuffer(&stale_commands, HS_SHADER_STAGE_FRAGMENT, 0,
                                                 &bound_copy, 0, 16),
                HS_ERROR_INVALID_OBJECT, "hsCommandBufferBindUniformBuffer");
    HScommandHandle stale_handle;
    CHECK(hsCommandBufferEndRecording(&stale_commands, &stale_handle));
    CHECK(hsCommandBufferFinalize(&stale_commands));

    /* Commands out of order, handles that are no lists. */
    HSCommandBuffer commands;
    CHECK(hsCommandBufferInitialize(&commands, &device));
    EXPECT_FAIL(hsCommandBufferDrawArrays(&commands, HS_DRAW_PRIMITIVE_TRIANGLES, 0, 3),
                HS_ERROR_REFUSED, "hsCommandBufferDrawArrays");
    CHECK(hsCommandBufferBeginRecording(&commands));
    EXPECT_FAIL(hsCommandBufferBeginRecording(&commands), HS_ERROR_BUSY,
                "hsCommandBufferBeginRecording");
    const HSTexture *colors[1] = {&texture};
    CHECK(hsCommandBufferSetRenderTargets(&commands, 1, colors, NULL, NULL, NULL));
    EXPECT_FAIL(hsCommandBufferDrawArrays(&commands, HS_DRAW_PRIMITIVE_TRIANGLES, 0, 3),
                HS_ERROR_REFUSED, "hsCommandBufferDrawArrays");
    EXPECT_FAIL(hsCommandBufferDrawArrays(&commands, 1234, 0, 3), HS_ERROR_INVALID_ARGUMENT,
                "hsCommandBufferDrawArrays");
    /* Programmable sample locations: the standard pattern is taken everywhere; bad
     * coordinates and counts are out of range (whether enabled ones are taken is the
     * device's: sample_locations.c). */
    CHECK(hsCommandBufferSetSampleLocations(&commands, 0, 0, 0, NULL));
    const HSSampleLocation locations[4] = {{0.25f, 0.125f}, {0.75f, 0.25f}, {0.125f, 0.75f},
                                           {0.625f, 0.875f}};
    const HSSampleLocation outside[1] = {{1.0f, 0.5f}};
    EXPECT_FAIL(hsCommandBufferSetSampleLocations(&commands, 1, 0, 1, outside),
                HS_ERROR_OUT_OF_RANGE, "hsCommandBufferSetSampleLocations");
    EXPECT_FAIL(hsCommandBufferSetSampleLocations(&commands, 1, 1, 17, locations),
                HS_ERROR_OUT_OF_RANGE, "hsCommandBufferSetSampleLocations");
    EXPECT_FAIL(hsCommandBufferSetSampleLocations(&commands, 1, 0, 0, locations),
                HS_ERROR_OUT_OF_RANGE, "hsCommandBufferSetSampleLocations");
    HScommandHandle handle;
    CHECK(hsCommandBufferEndRecording(&commands, &handle));
    HSQueue queue;
    CHECK(hsQueueInitialize(&queue, &device));
    HScommandHandle unknown = handle + 1000;
    EXPECT_FAIL(hsQueueSubmitCommands(&queue, 1, &unknown), HS_ERROR_INVALID_OBJECT,
                "hsQueueSubmitCommands");
    CHECK(hsQueueSubmitCommands(&queue, 1, &handle));
    CHECK(hsCommandBufferClearCommands(&commands));
    EXPECT_FAIL(hsQueueSubmitCommands(&queue, 1, &handle), HS_ERROR_INVALID_OBJECT,
                "hsQueueSubmitCommands");

    /* A device with live objects is not finalized. */
    EXPECT_FAIL(hsDeviceFinalize(&second), HS_ERROR_BUSY, "hsDeviceFinalize");

    /* Every object is 16 bytes, 8-aligned, as the header promises. */
#define OBJECT_OK(type) (sizeof(type) == 16 && _Alignof(type) == 8)
    int sizes_ok = OBJECT_OK(HSDevice) && OBJECT_OK(HSMemoryPool) && OBJECT_OK(HSBuffer) &&
                   OBJECT_OK(HSTexture) && OBJECT_OK(HSSampler) && OBJECT_OK(HSTexturePool) &&
                   OBJECT_OK(HSSamplerPool) && OBJECT_OK(HSProgram) &&
                   OBJECT_OK(HSCommandBuffer) && OBJECT_OK(HSQueue) && OBJECT_OK(HSSync) &&
                   OBJECT_OK(HSWindow);
    printf("%s every HS* object is 16 bytes, 8-aligned\n", sizes_ok ? "ok  " : "FAIL");
    if (sizes_ok) passed++; else failed++;

    /* Names. */
    int names_ok = hsGetProcAddress("hsQueueSubmitCommands") ==
                       (HSgenericFuncPtr)hsQueueSubmitCommands &&
                   hsGetProcAddress("hsNoSuchFunction") == NULL && hsGetProcAddress(NULL) == NULL;
    printf("%s hsGetProcAddress by name\n", names_ok ? "ok  " : "FAIL");
    if (names_ok) passed++; else failed++;

    CHECK(hsQueueFinish(&queue));
    CHECK(hsQueueFinalize(&queue));
    CHECK(hsCommandBufferFinalize(&commands));
    CHECK(hsTexturePoolFinalize(&texture_pool));
    CHECK(hsTextureFinalize(&texture));
    CHECK(hsMemoryPoolFinalize(&pool));
    CHECK(hsMemoryPoolFinalize(&second_pool));
    check_validation(&device);
    check_validation(&second);
    CHECK(hsDeviceFinalize(&second));
    CHECK(hsDeviceFinalize(&device));
    printf("error cases: %d passed, %d failed\n", passed, failed);
    return failed == 0 ? 0 : 1;
}
