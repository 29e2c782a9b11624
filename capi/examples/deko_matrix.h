/* The 4x4 matrix arithmetic deko3d's samples take from glm (column-major), written here in
 * plain C from glm's definitions: products, translations, rotations, and the samples'
 * projection. */
#ifndef HOOKSHOT_DEKO_MATRIX_H
#define HOOKSHOT_DEKO_MATRIX_H

#include <math.h>
#include <string.h>

/* out = a * b, 4x4 column-major. */
static inline void dk_mul(float out[16], const float a[16], const float b[16]) {
    float r[16];
    for (int col = 0; col < 4; col++)
        for (int row = 0; row < 4; row++) {
            float sum = 0.0f;
            for (int k = 0; k < 4; k++) sum += a[k * 4 + row] * b[col * 4 + k];
            r[col * 4 + row] = sum;
        }
    memcpy(out, r, sizeof r);
}

static inline void dk_identity(float m[16]) {
    memset(m, 0, 16 * sizeof(float));
    m[0] = m[5] = m[10] = m[15] = 1.0f;
}

/* m = m * translation by (x, y, z) (glm::translate). */
static inline void dk_translate(float m[16], float x, float y, float z) {
    float t[16];
    dk_identity(t);
    t[12] = x;
    t[13] = y;
    t[14] = z;
    dk_mul(m, m, t);
}

/* m = m * rotation by `angle` about the unit axis (x, y, z) (glm::rotate). */
static inline void dk_rotate(float m[16], float angle, float x, float y, float z) {
    float c = cosf(angle), s = sinf(angle), t = 1.0f - c;
    float r[16] = {
        t * x * x + c,     t * x * y + s * z, t * x * z - s * y, 0,
        t * x * y - s * z, t * y * y + c,     t * y * z + s * x, 0,
        t * x * z + s * y, t * y * z - s * x, t * z * z + c,     0,
        0,                 0,                 0,                 1,
    };
    dk_mul(m, m, r);
}

/* The samples' projection: glm's perspectiveRH_ZO(40 degrees, 1280 / 720, 0.01, 1000)
 * (depth 0 to 1). */
static inline void dk_projection(float projection[16]) {
    const float tau = 6.28318530717958647692f;
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
