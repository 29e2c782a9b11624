/* The HUD in what a display window is given: an XCB window (under Xvfb in the tests) of
 * SIZE_PX, a device made with RX_VK_HUD=fps,gpu,pipelines, and display capture on
 * (hsWindowSetDisplayCapture), so each present's swapchain image (the texture scaled to
 * the window, the HUD over it) can be read back (hsWindowReadDisplayed). FRAMES frames are
 * cleared and presented; after each, one line of the stats the HUD drew:
 * "frame F: fps X frame_ms Y pipelines P total T gpu_state S gpu_ms G" (the GPU figure read
 * just before the present, since it changes only at presents). The last displayed image
 * is written, as RGBA8 rows, to the file named by the argument. A headless window
 * (HS_NATIVE_WINDOW_HEADLESS) is then asked for: made where the driver offers
 * VK_EXT_headless_surface, else refused; the line "headless: made" or "headless: refused"
 * says which. */
#define _POSIX_C_SOURCE 199309L
#include <time.h>

#include "xcb_window.h"
#include "common.h"

static void sleep_ms(unsigned ms) {
    struct timespec wait = {(time_t)(ms / 1000u), (long)(ms % 1000u) * 1000000L};
    nanosleep(&wait, NULL);
}

#define SIZE_PX 200u
#define FRAMES 5u
/* The HUD draws its text again four times a second: each frame here waits that long, so
 * every present draws the figures it is read against. */
#define TEXT_EVERY_MS 250u
/* A 200x200 RGBA8 texture's storage fits in 192 KiB. */
#define TEXTURE_STRIDE_B (192u << 10)

/* A window of two SIZE_PX textures from `first_offset_b` in `pool`, shown in `native`. */
static void make_window_at(HSWindow *window, HSTexture textures[2], const HSDevice *device,
                           const HSMemoryPool *pool, uint64_t first_offset_b,
                           const HSNativeWindow *native, HSresult *made) {
    for (unsigned index = 0; index < 2; index++)
        make_texture_2d(&textures[index], device, pool, first_offset_b + index * TEXTURE_STRIDE_B,
                        HS_FORMAT_RGBA8, SIZE_PX, SIZE_PX);
    HSWindowBuilder builder;
    CHECK(hsWindowBuilderSetDefaults(&builder));
    CHECK(hsWindowBuilderSetDevice(&builder, device));
    const HSTexture *window_textures[2] = {&textures[0], &textures[1]};
    CHECK(hsWindowBuilderSetTextures(&builder, 2, window_textures));
    CHECK(hsWindowBuilderSetPresentInterval(&builder, 0));
    CHECK(hsWindowBuilderSetNativeWindow(&builder, native));
    *made = hsWindowInitialize(window, &builder);
}

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: display_hud OUT.rgba\n");
        return 1;
    }
    int screen_number = 0;
    xcb_connection_t *connection = NULL;
    xcb_window_t x_window = open_x_window(SIZE_PX, &connection, &screen_number);

    HSDeviceBuilder builder;
    CHECK(hsDeviceBuilderSetDefaults(&builder));
    CHECK(hsDeviceBuilderSetSwitch(&builder, "RX_VK_HUD", "fps,gpu,pipelines"));
    HSDevice device;
    CHECK(hsDeviceInitialize(&device, &builder));
    CHECK(hsDeviceInstallDebugCallback(&device, print_message, NULL));
    HSMemoryPool pool;
    make_pool(&pool, &device, 1u << 20);
    HSNativeWindow native = {HS_NATIVE_WINDOW_XCB, screen_number, connection, x_window,
                             SIZE_PX, SIZE_PX};
    HSTexture textures[2];
    HSWindow window;
    HSresult made = HS_SUCCESS;
    make_window_at(&window, textures, &device, &pool, 0, &native, &made);
    CHECK(made);
    CHECK(hsWindowSetPresentSnapshots(&window, 0));
    CHECK(hsWindowSetDisplayCapture(&window, 1));
    static unsigned char image[SIZE_PX * SIZE_PX * 4];
    uint32_t width_px = 0, height_px = 0;
    if (hsWindowReadDisplayed(&window, image, sizeof image, &width_px, &height_px) !=
        HS_ERROR_REFUSED) {
        fprintf(stderr, "a capture was read before any present\n");
        return 1;
    }

    HSQueue queue;
    CHECK(hsQueueInitialize(&queue, &device));
    HSCommandBuffer commands;
    CHECK(hsCommandBufferInitialize(&commands, &device));
    for (unsigned frame = 1; frame <= FRAMES; frame++) {
        uint32_t index = 0;
        CHECK(hsWindowAcquireTexture(&window, NULL, &index));
        HSDeviceStats before;
        CHECK(hsDeviceGetStats(&device, &before));
        const float blue[4] = {0.0f, 0.0f, 1.0f, 1.0f};
        sleep_ms(TEXT_EVERY_MS);
        present_cleared(&commands, &queue, &window, textures, index, blue);
        HSDeviceStats after;
        CHECK(hsDeviceGetStats(&device, &after));
        printf("frame %u: fps %.9g frame_ms %.9g pipelines %llu total %llu gpu_state %u "
               "gpu_ms %.9g\n",
               frame, (double)after.frames_per_second, (double)after.frame_time_ms,
               (unsigned long long)after.pipelines_last_frame,
               (unsigned long long)after.pipelines_total, before.gpu_time_state,
               (double)before.gpu_frame_time_ms);
        /* Each frame ends before the next, so the GPU has a figure from the second on. */
        CHECK(hsQueueFinish(&queue));
    }
    CHECK(hsWindowReadDisplayed(&window, image, sizeof image, &width_px, &height_px));
    if (width_px != SIZE_PX || height_px != SIZE_PX) {
        fprintf(stderr, "displayed %ux%u\n", width_px, height_px);
        return 1;
    }
    write_file(argv[1], image, sizeof image);

    /* No display at all. */
    HSNativeWindow headless = {HS_NATIVE_WINDOW_HEADLESS, 0, NULL, 0, SIZE_PX, SIZE_PX};
    HSTexture headless_textures[2];
    HSWindow headless_window;
    make_window_at(&headless_window, headless_textures, &device, &pool, 2 * TEXTURE_STRIDE_B,
                   &headless, &made);
    if (made == HS_SUCCESS) {
        printf("headless: made\n");
        CHECK(hsWindowFinalize(&headless_window));
    } else {
        printf("headless: refused (%d)\n", (int)made);
    }
    CHECK(hsTextureFinalize(&headless_textures[1]));
    CHECK(hsTextureFinalize(&headless_textures[0]));
    check_validation(&device);

    CHECK(hsCommandBufferFinalize(&commands));
    CHECK(hsQueueFinalize(&queue));
    finalize_window(&window, textures);
    CHECK(hsMemoryPoolFinalize(&pool));
    CHECK(hsDeviceFinalize(&device));
    xcb_destroy_window(connection, x_window);
    xcb_disconnect(connection);
    return 0;
}
