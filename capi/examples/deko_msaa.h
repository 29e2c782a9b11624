/* What the multisampled deko3d ports (Examples 06 and 07) share: two single-sample
 * framebuffers, a multisample colour and depth-stencil target, a list per framebuffer that
 * resolves the colour target into it, the static list's opening (targets, viewport,
 * scissor, clear, program) and its deko3d defaults, a list that discards the multisample
 * targets, and the frames of a dynamic list, the static list, the framebuffer's list and
 * the discard list. */
#ifndef HOOKSHOT_DEKO_MSAA_H
#define HOOKSHOT_DEKO_MSAA_H

#include "deko_port.h"

struct dk_msaa {
    HSTexture framebuffers[DK_FRAMEBUFFERS];
    HSTexture color;
    HSTexture depth;
    HScommandHandle framebuffer_lists[DK_FRAMEBUFFERS];
    HScommandHandle discard_list;
};

/* The framebuffers (single-sample `format`) and the `samples`-sample colour (`format`) and
 * Z24S8 depth targets, in that order from `heap`. */
static inline void dk_msaa_targets(struct dk_msaa *m, const HSDevice *device,
                                   const HSMemoryPool *pool, struct dk_heap *heap,
                                   HSformat format, uint32_t samples) {
    for (uint32_t i = 0; i < DK_FRAMEBUFFERS; i++)
        dk_texture(&m->framebuffers[i], device, pool, heap, format, 1);
    dk_texture(&m->color, device, pool, heap, format, samples);
    dk_texture(&m->depth, device, pool, heap, HS_FORMAT_Z24S8, samples);
}

/* The framebuffer lists, then the static list begun: the multisample targets bound, the
 * full viewport and scissor, the targets cleared, `program` bound. */
static inline void dk_msaa_begin_static(struct dk_msaa *m, const HSCommandBuffer *commands,
                                        const HSProgram *program) {
    dk_resolve_lists(commands, &m->color, m->framebuffers, m->framebuffer_lists);
    CHECK(hsCommandBufferBeginRecording(commands));
    const HSTexture *colors[1] = {&m->color};
    CHECK(hsCommandBufferSetRenderTargets(commands, 1, colors, NULL, &m->depth, NULL));
    dk_full_viewport_and_scissor(commands);
    dk_clear_targets(commands, 1);
    CHECK(hsCommandBufferBindProgram(commands, program));
}

/* deko3d's rasterizer, colour, multisample (all samples, no alpha to coverage, no shading
 * rate) and depth-stencil defaults. */
static inline void dk_msaa_default_state(const HSCommandBuffer *commands) {
    dk_bind_default_raster_and_color(commands);
    CHECK(hsCommandBufferSetMultisampleState(commands, 0xffffffffu, 0, 0, 0, 0.0f));
    dk_bind_default_depth_stencil(commands);
}

/* The static list ended (its handle returned) and the discard list recorded after it. */
static inline HScommandHandle dk_msaa_end_static(struct dk_msaa *m,
                                                 const HSCommandBuffer *commands) {
    HScommandHandle render_list;
    CHECK(hsCommandBufferEndRecording(commands, &render_list));
    m->discard_list = dk_discard_list(commands, &m->color, &m->depth);
    return render_list;
}

/* The frames: `push`, the static list, the framebuffer's list, the discard list; both
 * framebuffers read back into `readback` and written to `path`. */
static inline void dk_msaa_present(const struct dk_msaa *m, const HSDevice *device,
                                   const HSMemoryPool *pool, const HSQueue *queue,
                                   HScommandHandle push, HScommandHandle render_list,
                                   const HSBuffer *readback, uint64_t readback_offset_b,
                                   const char *path) {
    const HScommandHandle before[2] = {push, render_list};
    const HScommandHandle after[1] = {m->discard_list};
    const struct dk_frame_lists lists = {before, 2, m->framebuffer_lists, after, 1};
    dk_present_frames(device, pool, queue, m->framebuffers, &lists, readback, readback_offset_b,
                      path);
}

static inline void dk_msaa_finalize(struct dk_msaa *m) {
    CHECK(hsTextureFinalize(&m->depth));
    CHECK(hsTextureFinalize(&m->color));
    for (uint32_t i = 0; i < DK_FRAMEBUFFERS; i++) CHECK(hsTextureFinalize(&m->framebuffers[i]));
}

#endif
