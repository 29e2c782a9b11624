/* deko3d's cube (Examples 03, 04 and 06): 24 vertices, a quad a face, a colour at each of a
 * face's corners (red, green, blue, yellow), and the transform the samples compute for a
 * frame at `time_s` (glm's column-major matrices: translate by -3 in z, rotate about x by
 * sin(tau * time / 4) * tau / 8, about y by -tau * fract(time / 8), scale by 0.5;
 * perspective 40 degrees, aspect 1280 / 720, near 0.01, far 1000, depth 0 to 1), written
 * here in plain C from glm's definitions. */
#ifndef HOOKSHOT_DEKO_CUBE_H
#define HOOKSHOT_DEKO_CUBE_H

#include "deko_matrix.h"

#define DK_CUBE_VERTICES 24u
#define DK_RED {1.0f, 0.0f, 0.0f}
#define DK_GREEN {0.0f, 1.0f, 0.0f}
#define DK_BLUE {0.0f, 0.0f, 1.0f}
#define DK_YELLOW {1.0f, 1.0f, 0.0f}

static const struct dk_vertex DK_CUBE[DK_CUBE_VERTICES] = {
    {{+1, +1, +1}, DK_RED}, {{+1, -1, +1}, DK_GREEN}, {{+1, -1, -1}, DK_BLUE}, {{+1, +1, -1}, DK_YELLOW},
    {{-1, +1, -1}, DK_RED}, {{-1, -1, -1}, DK_GREEN}, {{-1, -1, +1}, DK_BLUE}, {{-1, +1, +1}, DK_YELLOW},
    {{-1, +1, -1}, DK_RED}, {{-1, +1, +1}, DK_GREEN}, {{+1, +1, +1}, DK_BLUE}, {{+1, +1, -1}, DK_YELLOW},
    {{-1, -1, +1}, DK_RED}, {{-1, -1, -1}, DK_GREEN}, {{+1, -1, -1}, DK_BLUE}, {{+1, -1, +1}, DK_YELLOW},
    {{-1, +1, +1}, DK_RED}, {{-1, -1, +1}, DK_GREEN}, {{+1, -1, +1}, DK_BLUE}, {{+1, +1, +1}, DK_YELLOW},
    {{+1, +1, -1}, DK_RED}, {{+1, -1, -1}, DK_GREEN}, {{-1, -1, -1}, DK_BLUE}, {{-1, +1, -1}, DK_YELLOW},
};

/* The samples' transformation uniform block: model-view, then projection. */
static void dk_cube_transform(float block[32], float time_s) {
    const float tau = 6.28318530717958647692f;
    float period1 = time_s / 8.0f - floorf(time_s / 8.0f);
    float period2 = time_s / 4.0f - floorf(time_s / 4.0f);
    float *model_view = block, *projection = block + 16;
    dk_identity(model_view);
    dk_translate(model_view, 0.0f, 0.0f, -3.0f);
    dk_rotate(model_view, sinf(period2 * tau) * tau / 8.0f, 1.0f, 0.0f, 0.0f);
    dk_rotate(model_view, -period1 * tau, 0.0f, 1.0f, 0.0f);
    float scale[16];
    dk_identity(scale);
    scale[0] = scale[5] = scale[10] = 0.5f;
    dk_mul(model_view, model_view, scale);
    dk_projection(projection);
}

#endif
