/* deko3d's cube (Examples 03, 04 and 06): 24 vertices, a quad a face, a colour at each of a
 * face's corners (red, green, blue, yellow), and the transform the samples compute for a
 * frame at `time_s` (glm's column-major matrices: translate by -3 in z, rotate about x by
 * sin(tau * time / 4) * tau / 8, about y by -tau * fract(time / 8), scale by 0.5;
 * perspective 40 degrees, aspect 1280 / 720, near 0.01, far 1000, depth 0 to 1), written
 * here in plain C from glm's definitions. */
#ifndef HOOKSHOT_DEKO_CUBE_H
#define HOOKSHOT_DEKO_CUBE_H

#include <math.h>

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

/* out = a * b, 4x4 column-major. */
static void dk_mul(float out[16], const float a[16], const float b[16]) {
    float r[16];
    for (int col = 0; col < 4; col++)
        for (int row = 0; row < 4; row++) {
            float sum = 0.0f;
            for (int k = 0; k < 4; k++) sum += a[k * 4 + row] * b[col * 4 + k];
            r[col * 4 + row] = sum;
        }
    memcpy(out, r, sizeof r);
}

static void dk_identity(float m[16]) {
    memset(m, 0, 16 * sizeof(float));
    m[0] = m[5] = m[10] = m[15] = 1.0f;
}

/* m = m * rotation by `angle` about the unit axis (x, y, z). */
static void dk_rotate(float m[16], float angle, float x, float y, float z) {
    float c = cosf(angle), s = sinf(angle), t = 1.0f - c;
    float r[16] = {
        t * x * x + c,     t * x * y + s * z, t * x * z - s * y, 0,
        t * x * y - s * z, t * y * y + c,     t * y * z + s * x, 0,
        t * x * z + s * y, t * y * z - s * x, t * z * z + c,     0,
        0,                 0,                 0,                 1,
    };
    dk_mul(m, m, r);
}

/* The samples' transformation uniform block: model-view, then projection. */
static void dk_cube_transform(float block[32], float time_s) {
    const float tau = 6.28318530717958647692f;
    float period1 = time_s / 8.0f - floorf(time_s / 8.0f);
    float period2 = time_s / 4.0f - floorf(time_s / 4.0f);
    float *model_view = block, *projection = block + 16;
    dk_identity(model_view);
    float translate[16];
    dk_identity(translate);
    translate[14] = -3.0f;
    dk_mul(model_view, model_view, translate);
    dk_rotate(model_view, sinf(period2 * tau) * tau / 8.0f, 1.0f, 0.0f, 0.0f);
    dk_rotate(model_view, -period1 * tau, 0.0f, 1.0f, 0.0f);
    float scale[16];
    dk_identity(scale);
    scale[0] = scale[5] = scale[10] = 0.5f;
    dk_mul(model_view, model_view, scale);
    const float fovy = 40.0f * tau / 360.0f, aspect = 1280.0f / 720.0f, near = 0.01f, far = 1000.0f;
    float tan_half = tanf(fovy / 2.0f);
    memset(projection, 0, 16 * sizeof(float));
    projection[0] = 1.0f / (aspect * tan_half);
    projection[5] = 1.0f / tan_half;
    projection[10] = far / (near - far);
    projection[11] = -1.0f;
    projection[14] = -(far * near) / (far - near);
}

#endif
