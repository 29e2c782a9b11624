/* What the ports of deko3d's Examples 07 and 08 share: the teapot mesh loaded from files
 * (the samples' romfs:/teapot-vtx.bin, position and normal a vertex, and teapot-idx.bin,
 * 16-bit indices), the samples' Transformation block for a frame (glm's column-major
 * matrices, written here in plain C from glm's definitions) and their Lighting block. */
#ifndef HOOKSHOT_DEKO_MESH_H
#define HOOKSHOT_DEKO_MESH_H

#include <math.h>

#include "deko_port.h"

#define DK_MESH_VERTEX_B 24u

/* out = a * b, 4x4 column-major (glm's layout). */
static inline void dk_mat_mul(float out[16], const float a[16], const float b[16]) {
    float r[16];
    for (int col = 0; col < 4; col++)
        for (int row = 0; row < 4; row++) {
            float sum = 0.0f;
            for (int k = 0; k < 4; k++) sum += a[k * 4 + row] * b[col * 4 + k];
            r[col * 4 + row] = sum;
        }
    memcpy(out, r, sizeof r);
}

/* m = m * translation by (x, y, z) (glm::translate). */
static inline void dk_mat_translate(float m[16], float x, float y, float z) {
    float t[16] = {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, x, y, z, 1};
    dk_mat_mul(m, m, t);
}

/* m = m * rotation by `angle` about the unit axis (x, y, z) (glm::rotate). */
static inline void dk_mat_rotate(float m[16], float angle, float x, float y, float z) {
    float c = cosf(angle), s = sinf(angle), t = 1.0f - c;
    float r[16] = {
        t * x * x + c,     t * x * y + s * z, t * x * z - s * y, 0,
        t * x * y - s * z, t * y * y + c,     t * y * z + s * x, 0,
        t * x * z + s * y, t * y * z - s * x, t * z * z + c,     0,
        0,                 0,                 0,                 1,
    };
    dk_mat_mul(m, m, r);
}

/* The samples' Transformation block for the frame at `time_s`: model-view
 * T(x, 0, -3) Rx(sin(tau p2) tau / 8) Ry(-tau p1) T(0, -0.5, 0), p1 = fract(t / 8),
 * p2 = fract(t / 4), x = 0 (Example07) or, with `sway`, sin(tau p1) (Example08); then
 * glm's perspectiveRH_ZO(40 degrees, 1280 / 720, 0.01, 1000). */
static inline void dk_mesh_transformation(float block[32], float time_s, int sway) {
    const float tau = 6.28318530717958647692f;
    float period1 = time_s / 8.0f - floorf(time_s / 8.0f);
    float period2 = time_s / 4.0f - floorf(time_s / 4.0f);
    float *model_view = block, *projection = block + 16;
    memset(model_view, 0, 16 * sizeof(float));
    model_view[0] = model_view[5] = model_view[10] = model_view[15] = 1.0f;
    dk_mat_translate(model_view, sway ? sinf(period1 * tau) : 0.0f, 0.0f, -3.0f);
    dk_mat_rotate(model_view, sinf(period2 * tau) * tau / 8.0f, 1.0f, 0.0f, 0.0f);
    dk_mat_rotate(model_view, -period1 * tau, 0.0f, 1.0f, 0.0f);
    dk_mat_translate(model_view, 0.0f, -0.5f, 0.0f);
    const float fovy = 40.0f * tau / 360.0f, aspect = 1280.0f / 720.0f, near = 0.01f, far = 1000.0f;
    float tan_half = tanf(fovy / 2.0f);
    memset(projection, 0, 16 * sizeof(float));
    projection[0] = 1.0f / (aspect * tan_half);
    projection[5] = 1.0f / tan_half;
    projection[10] = far / (near - far);
    projection[11] = -1.0f;
    projection[14] = -(far * near) / (far - near);
}

/* The samples' Lighting block (std140: a vec4, two vec3 each padded to 16 bytes, a vec4):
 * a positional light at (0, 4, 1), ambient, diffuse, 24 times the specular colour, and
 * shininess 64. */
static const float DK_LIGHTING[16] = {
    0.0f,      4.0f,      1.0f,      1.0f,
    0.046227f, 0.028832f, 0.003302f, 0.0f,
    0.564963f, 0.367818f, 0.051293f, 0.0f,
    24.0f * 0.394737f, 24.0f * 0.308916f, 24.0f * 0.134004f, 64.0f,
};

/* The mesh files `vertex_path` and `index_path` into `heap` of `pool` as buffers; exits
 * if they are not a triangle mesh of the samples' layout. */
static inline void dk_mesh_load(HSBuffer *vertices, uint64_t *vertices_b, HSBuffer *indices,
                                uint64_t *indices_b, const HSDevice *device,
                                const HSMemoryPool *pool, struct dk_heap *heap,
                                const char *vertex_path, const char *index_path) {
    size_t vertex_size_b = 0, index_size_b = 0;
    void *vertex_data = read_file(vertex_path, &vertex_size_b);
    void *index_data = read_file(index_path, &index_size_b);
    if (vertex_size_b == 0 || vertex_size_b % DK_MESH_VERTEX_B != 0 || index_size_b == 0 ||
        index_size_b % 6 != 0) {
        fprintf(stderr, "%zu vertex bytes, %zu index bytes: not a triangle mesh\n",
                vertex_size_b, index_size_b);
        exit(1);
    }
    const uint64_t vertices_offset_b = dk_alloc(heap, vertex_size_b, 256);
    const uint64_t indices_offset_b = dk_alloc(heap, index_size_b, 256);
    CHECK(hsMemoryPoolWrite(pool, vertices_offset_b, vertex_data, vertex_size_b));
    CHECK(hsMemoryPoolWrite(pool, indices_offset_b, index_data, index_size_b));
    free(vertex_data);
    free(index_data);
    make_buffer(vertices, device, pool, vertices_offset_b, vertex_size_b);
    make_buffer(indices, device, pool, indices_offset_b, index_size_b);
    *vertices_b = vertex_size_b;
    *indices_b = index_size_b;
}

#endif
