/* For the examples that present to a display window of their own: an XCB window, mapped,
 * on the display DISPLAY names (Xvfb in the tests). Needs libxcb (-lxcb). */
#ifndef HOOKSHOT_EXAMPLES_XCB_WINDOW_H
#define HOOKSHOT_EXAMPLES_XCB_WINDOW_H

#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>
#include <xcb/xcb.h>

/* A `size_px` square window on a new connection (`*connection`, screen `*screen_number`);
 * exits with a message when there is no display. */
static inline xcb_window_t open_x_window(uint32_t size_px, xcb_connection_t **connection,
                                         int *screen_number) {
    *screen_number = 0;
    *connection = xcb_connect(NULL, screen_number);
    if (xcb_connection_has_error(*connection)) {
        fprintf(stderr, "no X display (set DISPLAY)\n");
        exit(1);
    }
    xcb_screen_iterator_t screens = xcb_setup_roots_iterator(xcb_get_setup(*connection));
    for (int index = 0; index < *screen_number; index++) xcb_screen_next(&screens);
    xcb_screen_t *screen = screens.data;
    xcb_window_t x_window = xcb_generate_id(*connection);
    xcb_create_window(*connection, XCB_COPY_FROM_PARENT, x_window, screen->root, 0, 0,
                      (uint16_t)size_px, (uint16_t)size_px, 0, XCB_WINDOW_CLASS_INPUT_OUTPUT,
                      screen->root_visual, 0, NULL);
    xcb_map_window(*connection, x_window);
    xcb_flush(*connection);
    return x_window;
}

#endif
