/* Clears a 64x64 RGBA8 texture that lives in a memory pool, then reads the pool through
 * its pointer: what the GPU drew is in the texture's storage, as on the console. */
#include <stdio.h>
#include <stdlib.h>
#include "hookshot.h"

#define CHECK(call) do { if ((call) != HS_SUCCESS) { fprintf(stderr, "%s failed\n", #call); exit(1); } } while (0)

int main(void) {
    HSDevice device; HSDeviceBuilder device_builder;
    CHECK(hsDeviceBuilderSetDefaults(&device_builder));
    CHECK(hsDeviceInitialize(&device, &device_builder));
    HSMemoryPool pool; HSMemoryPoolBuilder pool_builder;
    CHECK(hsMemoryPoolBuilderSetDefaults(&pool_builder));
    CHECK(hsMemoryPoolBuilderSetDevice(&pool_builder, &device));
    CHECK(hsMemoryPoolBuilderSetFlags(&pool_builder, HS_MEMORY_POOL_FLAGS_CPU_CACHED | HS_MEMORY_POOL_FLAGS_GPU_CACHED));
    CHECK(hsMemoryPoolBuilderSetSize(&pool_builder, 1u << 20));
    CHECK(hsMemoryPoolInitialize(&pool, &pool_builder));
    HSTexture texture; HSTextureBuilder texture_builder;
    CHECK(hsTextureBuilderSetDefaults(&texture_builder));
    CHECK(hsTextureBuilderSetDevice(&texture_builder, &device));
    CHECK(hsTextureBuilderSetFormat(&texture_builder, HS_FORMAT_RGBA8));
    CHECK(hsTextureBuilderSetSize2D(&texture_builder, 64, 64));
    CHECK(hsTextureBuilderSetStorage(&texture_builder, &pool, 0));
    CHECK(hsTextureInitialize(&texture, &texture_builder));

    HSCommandBuffer commands; HSQueue queue; HScommandHandle list;
    CHECK(hsCommandBufferInitialize(&commands, &device));
    CHECK(hsCommandBufferBeginRecording(&commands));
    const HSTexture *targets[1] = {&texture};
    CHECK(hsCommandBufferSetRenderTargets(&commands, 1, targets, NULL, NULL, NULL));
    const float green[4] = {0.0f, 1.0f, 0.0f, 1.0f};
    CHECK(hsCommandBufferClearColor(&commands, 0, green, HS_CLEAR_COLOR_MASK_RGBA));
    CHECK(hsCommandBufferEndRecording(&commands, &list));
    CHECK(hsQueueInitialize(&queue, &device));
    CHECK(hsQueueSubmitCommands(&queue, 1, &list));
    CHECK(hsQueueFinish(&queue));

    unsigned char *storage = NULL;
    CHECK(hsMemoryPoolMap(&pool, (void **)&storage));
    printf("first texel in storage: %u %u %u %u\n", storage[0], storage[1], storage[2], storage[3]);
    uint64_t validation_errors = 0;
    CHECK(hsDeviceGetValidationErrorCount(&device, &validation_errors));
    printf("validation errors: %llu\n", (unsigned long long)validation_errors);
    CHECK(hsQueueFinalize(&queue));
    CHECK(hsCommandBufferFinalize(&commands));
    CHECK(hsTextureFinalize(&texture));
    CHECK(hsMemoryPoolFinalize(&pool));
    CHECK(hsDeviceFinalize(&device));
    return 0;
}
