/* NVN's ClearBuffer through the C ABI: a 256-byte buffer holding a byte pattern gets
 * three fills (a later one over part of an earlier one, one at its last word), then a
 * copy of 48 filled bytes into a second buffer; then the refusals (a size not a multiple
 * of 4, an offset not a multiple of 4, a range past the buffer's end). The first
 * argument's file gets both buffers' 256 + 64 bytes, read from the pool after the
 * fence. */
#include "common.h"

#define FILL_B 256u
#define COPY_B 64u

int main(int argc, char **argv) {
    const char *out_path = output_path(argc, argv);
    HSDevice device;
    open_device(&device);
    HSMemoryPool pool;
    make_pool(&pool, &device, 1u << 20);
    const uint64_t fill_offset_b = 64u << 10, copy_offset_b = fill_offset_b + FILL_B;
    unsigned char pattern[FILL_B + COPY_B];
    for (unsigned at = 0; at < sizeof pattern; at++) {
        pattern[at] = (unsigned char)(at * 7u + 3u);
    }
    CHECK(hsMemoryPoolWrite(&pool, fill_offset_b, pattern, sizeof pattern));
    HSBuffer filled, copied;
    make_buffer(&filled, &device, &pool, fill_offset_b, FILL_B);
    make_buffer(&copied, &device, &pool, copy_offset_b, COPY_B);

    HSCommandBuffer commands;
    CHECK(hsCommandBufferInitialize(&commands, &device));
    const HSCommandBuffer *cmd = &commands;
    CHECK(hsCommandBufferBeginRecording(cmd));
    CHECK(hsCommandBufferClearBuffer(cmd, &filled, 16, 48, 0xa1b2c3d4u));
    CHECK(hsCommandBufferClearBuffer(cmd, &filled, 32, 8, 0x01020304u));
    CHECK(hsCommandBufferClearBuffer(cmd, &filled, FILL_B - 4, 4, 0xffffffffu));
    CHECK(hsCommandBufferCopyBufferToBuffer(cmd, &filled, 16, &copied, 0, 48));

    /* Refused, and nothing recorded. */
    if (hsCommandBufferClearBuffer(cmd, &filled, 0, 6, 0) != HS_ERROR_REFUSED ||
        hsCommandBufferClearBuffer(cmd, &filled, 2, 4, 0) != HS_ERROR_REFUSED ||
        hsCommandBufferClearBuffer(cmd, &filled, FILL_B - 4, 8, 0) != HS_ERROR_OUT_OF_RANGE) {
        fprintf(stderr, "a bad buffer clear was not refused as it should be\n");
        return 1;
    }
    printf("buffer clear refusals: 3 of 3\n");
    HScommandHandle handle;
    CHECK(hsCommandBufferEndRecording(cmd, &handle));

    HSQueue queue;
    CHECK(hsQueueInitialize(&queue, &device));
    CHECK(hsQueueSubmitCommands(&queue, 1, &handle));
    CHECK(hsQueueFinish(&queue));
    unsigned char *mapped = NULL;
    CHECK(hsMemoryPoolMap(&pool, (void **)&mapped));
    write_file(out_path, mapped + fill_offset_b, FILL_B + COPY_B);
    check_validation(&device);

    CHECK(hsQueueFinalize(&queue));
    CHECK(hsCommandBufferFinalize(&commands));
    CHECK(hsBufferFinalize(&filled));
    CHECK(hsBufferFinalize(&copied));
    CHECK(hsMemoryPoolFinalize(&pool));
    CHECK(hsDeviceFinalize(&device));
    return 0;
}
