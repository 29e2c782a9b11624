/* Presenting to a display window a port made itself: an XCB window (under Xvfb in the
 * tests) is given to Hookshot by its native handles (hsWindowBuilderSetNativeWindow), and
 * FRAMES frames are acquired, cleared and presented; the swapchain is resized once on the
 * way. Prints how many presents reached the display. Needs DISPLAY. */
#include "xcb_window.h"
#include "common.h"

#define SIZE_PX 64u
#define FRAMES 8u

int main(void) {
    int screen_number = 0;
    xcb_connection_t *connection = NULL;
    xcb_window_t x_window = open_x_window(SIZE_PX, &connection, &screen_number);

    HSDevice device;
    open_device(&device);
    HSMemoryPool pool;
    make_pool(&pool, &device, 1u << 20);
    HSNativeWindow native = {HS_NATIVE_WINDOW_XCB, screen_number, connection, x_window,
                             SIZE_PX, SIZE_PX};
    HSTexture textures[2];
    HSWindow window;
    make_window(&window, textures, &device, &pool, SIZE_PX, &native);
    /* Presents go only to the display: no read-back copy each frame. */
    CHECK(hsWindowSetPresentSnapshots(&window, 0));

    HSQueue queue;
    CHECK(hsQueueInitialize(&queue, &device));
    HSCommandBuffer commands;
    CHECK(hsCommandBufferInitialize(&commands, &device));
    for (unsigned frame = 0; frame < FRAMES; frame++) {
        if (frame == FRAMES / 2) CHECK(hsWindowResizeNative(&window, SIZE_PX, SIZE_PX));
        uint32_t index = 0;
        CHECK(hsWindowAcquireTexture(&window, NULL, &index));
        const float colour[4] = {(float)frame / FRAMES, 0.25f, 0.75f, 1.0f};
        present_cleared(&commands, &queue, &window, textures, index, colour);
    }
    CHECK(hsQueueFinish(&queue));
    uint64_t presents = 0;
    CHECK(hsWindowGetDisplayPresents(&window, &presents));
    printf("display presents: %llu of %u\n", (unsigned long long)presents, FRAMES);
    check_validation(&device);

    CHECK(hsCommandBufferFinalize(&commands));
    CHECK(hsQueueFinalize(&queue));
    /* The HSWindow ends before the X window it shows in. */
    finalize_window(&window, textures);
    CHECK(hsMemoryPoolFinalize(&pool));
    CHECK(hsDeviceFinalize(&device));
    xcb_destroy_window(connection, x_window);
    xcb_disconnect(connection);
    return presents == FRAMES ? 0 : 1;
}
