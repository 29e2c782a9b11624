/* Present intervals on a display window a port made (XCB, under Xvfb in the tests): the
 * window starts at interval 0 (make_window), is set to 1 and back to 0, FRAMES_EACH frames
 * presented at each; each interval's present mode is printed. Interval 2 is refused (no
 * Vulkan mode waits two vertical blanks), the mode unchanged; a window without a display
 * window takes 0 and 1 and has no present mode. Needs DISPLAY. */
#include "xcb_window.h"
#include "expect_fail.h"

#define SIZE_PX 32u
#define FRAMES_EACH 3u

static const char *mode_name(HSpresentMode mode) {
    switch (mode) {
    case HS_PRESENT_MODE_NONE: return "NONE";
    case HS_PRESENT_MODE_FIFO: return "FIFO";
    case HS_PRESENT_MODE_MAILBOX: return "MAILBOX";
    case HS_PRESENT_MODE_IMMEDIATE: return "IMMEDIATE";
    default: return "unknown";
    }
}

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
    CHECK(hsWindowSetPresentSnapshots(&window, 0));

    HSQueue queue;
    CHECK(hsQueueInitialize(&queue, &device));
    HSCommandBuffer commands;
    CHECK(hsCommandBufferInitialize(&commands, &device));
    const uint32_t intervals[3] = {0, 1, 0};
    unsigned frames = 0;
    for (unsigned step = 0; step < 3; step++) {
        if (step > 0) CHECK(hsWindowSetPresentInterval(&window, intervals[step]));
        for (unsigned frame = 0; frame < FRAMES_EACH; frame++, frames++) {
            uint32_t index = 0;
            CHECK(hsWindowAcquireTexture(&window, NULL, &index));
            const float colour[4] = {(float)step / 3.0f, 0.5f, 0.25f, 1.0f};
            present_cleared(&commands, &queue, &window, textures, index, colour);
        }
        HSpresentMode mode = HS_PRESENT_MODE_NONE;
        CHECK(hsWindowGetPresentMode(&window, &mode));
        printf("interval %u: %s\n", intervals[step], mode_name(mode));
    }
    CHECK(hsQueueFinish(&queue));
    uint64_t presents = 0;
    CHECK(hsWindowGetDisplayPresents(&window, &presents));
    printf("display presents: %llu of %u\n", (unsigned long long)presents, frames);

    /* The refusals are counted by common.h's log_message, printed after. */
    CHECK(hsDeviceInstallDebugCallback(&device, log_message, NULL));
    EXPECT_FAIL(hsWindowSetPresentInterval(&window, 2), HS_ERROR_REFUSED,
                "hsWindowSetPresentInterval");
    HSpresentMode after = HS_PRESENT_MODE_NONE;
    CHECK(hsWindowGetPresentMode(&window, &after));
    printf("after the refusal: %s\n", mode_name(after));

    /* Without a display window: 0 and 1 are taken, 2 refused, no present mode. */
    HSTexture headless_textures[2];
    HSWindow headless;
    HSMemoryPool headless_pool;
    make_pool(&headless_pool, &device, 1u << 20);
    make_window(&headless, headless_textures, &device, &headless_pool, SIZE_PX, NULL);
    CHECK(hsWindowSetPresentInterval(&headless, 1));
    CHECK(hsWindowSetPresentInterval(&headless, 0));
    EXPECT_FAIL(hsWindowSetPresentInterval(&headless, 2), HS_ERROR_REFUSED,
                "hsWindowSetPresentInterval");
    HSpresentMode headless_mode = HS_PRESENT_MODE_FIFO;
    CHECK(hsWindowGetPresentMode(&headless, &headless_mode));
    printf("headless: %s\n", mode_name(headless_mode));
    finalize_window(&headless, headless_textures);
    CHECK(hsMemoryPoolFinalize(&headless_pool));

    CHECK(hsDeviceInstallDebugCallback(&device, print_message, NULL));
    printf("refusals: %d passed, %d failed\n", passed, failed);
    check_validation(&device);
    CHECK(hsCommandBufferFinalize(&commands));
    CHECK(hsQueueFinalize(&queue));
    finalize_window(&window, textures);
    CHECK(hsMemoryPoolFinalize(&pool));
    CHECK(hsDeviceFinalize(&device));
    xcb_destroy_window(connection, x_window);
    xcb_disconnect(connection);
    return presents == frames && failed == 0 ? 0 : 1;
}
