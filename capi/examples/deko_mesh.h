/* What the ports of deko3d's Examples 07 and 08 share: the teapot mesh loaded from files
 * (the samples' romfs:/teapot-vtx.bin, position and normal a vertex, and teapot-idx.bin,
 * 16-bit indices), the samples' Transformation block for a frame and their Lighting
 * block, and the dynamic list that pushes both. */
#ifndef HOOKSHOT_DEKO_MESH_H
#define HOOKSHOT_DEKO_MESH_H

#include "deko_matrix.h"
#include "deko_port.h"

#define DK_MESH_VERTEX_B 24u

/* The samples' Transformation block for the frame at `time_s`: model-view
 * T(x, 0, -3) Rx(sin(tau p2) tau / 8) Ry(-tau p1) T(0, -0.5, 0), p1 = fract(t / 8),
 * p2 = fract(t / 4), x = 0 (Example07) or, with `sway`, sin(tau p1) (Example08); then
 * glm's perspectiveRH_ZO(40 degrees, 1280 / 720, 0.01, 1000). */
static inline void dk_mesh_transformation(float block[32], float time_s, int sway) {
    const float tau = 6.28318530717958647692f;
    float period1 = time_s / 8.0f - floorf(time_s / 8.0f);
    float period2 = time_s / 4.0f - floorf(time_s / 4.0f);
    float *model_view = block, *projection = block + 16;
    dk_identity(model_view);
    dk_translate(model_view, sway ? sinf(period1 * tau) : 0.0f, 0.0f, -3.0f);
    dk_rotate(model_view, sinf(period2 * tau) * tau / 8.0f, 1.0f, 0.0f, 0.0f);
    dk_rotate(model_view, -period1 * tau, 0.0f, 1.0f, 0.0f);
    dk_translate(model_view, 0.0f, -0.5f, 0.0f);
    dk_projection(projection);
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

/* The samples' dynamic list, recorded on `dynamic`: the frame's Transformation block
 * (with `sway`: Example08's) pushed into `transform`, the Lighting block into `lighting`. */
static inline HScommandHandle dk_mesh_push_list(const HSCommandBuffer *dynamic,
                                                const HSBuffer *transform,
                                                const HSBuffer *lighting, float time_s,
                                                int sway) {
    float block[32];
    dk_mesh_transformation(block, time_s, sway);
    CHECK(hsCommandBufferBeginRecording(dynamic));
    CHECK(hsCommandBufferUpdateUniformBuffer(dynamic, transform, 0, sizeof block, block));
    CHECK(hsCommandBufferUpdateUniformBuffer(dynamic, lighting, 0, sizeof DK_LIGHTING,
                                             DK_LIGHTING));
    HScommandHandle push;
    CHECK(hsCommandBufferEndRecording(dynamic, &push));
    return push;
}

#endif
