/* A window and a recording. The device records everything to the second argument's file
 * (hookshot replay plays it back); a window of two 64x64 RGBA8 textures is acquired,
 * cleared and presented three times, each frame a colour of its own; the last presented
 * image, read back as RGBA8, goes to the first argument's file. With a display, a port
 * would set hsWindowBuilderSetNativeWindow (HSNativeWindow: Xlib, XCB, Wayland or Win32
 * handles) and the presents would show there too. */
#include "common.h"

#define SIZE_PX 64u
#define FRAMES 3u

int main(int argc, char **argv) {
    if (argc != 3) {
        fprintf(stderr, "usage: window_record OUT.rgba RECORDING\n");
        return 1;
    }
    HSDevice device;
    HSDeviceBuilder device_builder;
    CHECK(hsDeviceBuilderSetDefaults(&device_builder));
    CHECK(hsDeviceBuilderSetRecordingPath(&device_builder, argv[2]));
    CHECK(hsDeviceInitialize(&device, &device_builder));
    CHECK(hsDeviceInstallDebugCallback(&device, print_message, NULL));

    HSMemoryPool pool;
    make_pool(&pool, &device, 1u << 20);
    HSTexture textures[2];
    HSWindow window;
    make_window(&window, textures, &device, &pool, SIZE_PX, NULL);

    HSQueue queue;
    CHECK(hsQueueInitialize(&queue, &device));
    HSCommandBuffer commands;
    CHECK(hsCommandBufferInitialize(&commands, &device));
    HSSync acquired;
    CHECK(hsSyncInitialize(&acquired, &device));
    for (unsigned frame = 0; frame < FRAMES; frame++) {
        uint32_t index = 0;
        CHECK(hsWindowAcquireTexture(&window, &acquired, &index));
        HSsyncWaitResult waited = 0;
        CHECK(hsSyncWait(&acquired, 10ull * 1000 * 1000 * 1000, &waited));
        const float colour[4] = {(float)(frame + 1) * 0.25f, 0.5f, 1.0f - (float)frame * 0.25f,
                                 1.0f};
        present_cleared(&commands, &queue, &window, textures, index, colour);
    }
    CHECK(hsQueueFinish(&queue));
    static unsigned char image[SIZE_PX * SIZE_PX * 4];
    uint32_t width_px = 0, height_px = 0;
    CHECK(hsWindowReadPresented(&window, image, sizeof image, &width_px, &height_px));
    if (width_px != SIZE_PX || height_px != SIZE_PX) {
        fprintf(stderr, "presented %ux%u\n", width_px, height_px);
        return 1;
    }
    write_file(argv[1], image, sizeof image);
    check_validation(&device);

    CHECK(hsSyncFinalize(&acquired));
    CHECK(hsCommandBufferFinalize(&commands));
    CHECK(hsQueueFinalize(&queue));
    finalize_window(&window, textures);
    CHECK(hsMemoryPoolFinalize(&pool));
    /* Finalizing the device closes the recording. */
    CHECK(hsDeviceFinalize(&device));
    return 0;
}
