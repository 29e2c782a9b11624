/* The commands the other examples leave out, each with a result the test checks:
 * an indexed draw (a quad of two triangles from a 16-bit index buffer), a depth test that
 * hides a draw behind a cleared depth, additive blending, an indirect draw of a triangle
 * strip, a blit (texture-to-texture copy at half size), a compute dispatch into a storage
 * buffer, a buffer-to-buffer copy, an indirect dispatch storing into an image through an
 * image handle, a fence recorded in a command buffer and waited for, and the state setters
 * (rasterizer, polygon offset, logic op, write masks, blend colour, primitive restart) and
 * discards, which must be accepted. The first argument's file gets the 64x64 RGBA8 target,
 * the 32x32 blit of it, the storage buffer, its copy and the 16x16 image, one after
 * another. */
#include "common.h"

#define SIZE_PX 64u
#define BLIT_PX 32u
#define WORDS 256u
#define IMAGE_PX 16u

static const char *const VERTEX =
    "#version 450\n"
    "layout(location = 0) in vec3 position;\n"
    "void main() { gl_Position = vec4(position, 1.0); }\n";

static const char *const COMPUTE =
    "#version 450\n"
    "layout(local_size_x = 64) in;\n"
    "layout(std430, binding = 0) buffer Out { uint words[]; };\n"
    "void main() { uint i = gl_GlobalInvocationID.x; words[i] = i * 3u + 1u; }\n";

static const char *const IMAGE_COMPUTE =
    "#version 450\n"
    "layout(local_size_x = 8, local_size_y = 8) in;\n"
    "layout(binding = 0, rgba8) uniform writeonly image2D picture;\n"
    "void main() {\n"
    "    ivec2 p = ivec2(gl_GlobalInvocationID.xy);\n"
    "    imageStore(picture, p, vec4(float(p.x * 16) / 255.0, float(p.y * 16) / 255.0, 0.0, 1.0));\n"
    "}\n";

/* Indirect arguments: the strip's draw (vertex count, instance count, first vertex, first
 * instance) and the image kernel's groups. */
static const uint32_t DRAW_ARGUMENTS[4] = {4, 1, 7, 0};
static const uint32_t DISPATCH_ARGUMENTS[3] = {IMAGE_PX / 8, IMAGE_PX / 8, 1};

/* Vertices (x, y, z): the right half's quad (indexed), a full triangle behind the cleared
 * depth, a full-target strip in front of it, and points at pixels (16, 16) and (48, 48). */
static const float VERTICES[13 * 3] = {
    0.0f, -1.0f, 0.25f, 1.0f, -1.0f, 0.25f, 0.0f, 1.0f, 0.25f, 1.0f, 1.0f, 0.25f,
    -1.0f, -1.0f, 0.75f, 3.0f, -1.0f, 0.75f, -1.0f, 3.0f, 0.75f,
    -1.0f, -1.0f, 0.25f, 1.0f, -1.0f, 0.25f, -1.0f, 1.0f, 0.25f, 1.0f, 1.0f, 0.25f,
    -0.5f, -0.5f, 0.25f, 0.5f, 0.5f, 0.25f,
};
static const uint16_t INDICES[6] = {0, 1, 2, 2, 1, 3};
/* Tints at 0, 256, 512: red, green, blue with no alpha (added onto the target). */
/* The third (blue) tint is zero in storage: the inline update before the blue draw makes
 * it blue, so blue in the picture proves the update. */
static const float TINTS[3][4] = {{1, 0, 0, 1}, {0, 1, 0, 1}, {0, 0, 0, 0}};
static const float BLUE[4] = {0, 0, 1, 0};

int main(int argc, char **argv) {
    const char *out_path = output_path(argc, argv);
    HSDevice device;
    open_device(&device);
    HSMemoryPool pool;
    make_pool(&pool, &device, 2u << 20);
    const uint64_t depth_offset_b = 64u << 10, blit_offset_b = 128u << 10;
    const uint64_t vertices_offset_b = 192u << 10, indices_offset_b = 196u << 10;
    const uint64_t tints_offset_b = 200u << 10, words_offset_b = 256u << 10;
    const uint64_t words_copy_offset_b = 260u << 10, arguments_offset_b = 264u << 10;
    const uint64_t image_offset_b = 320u << 10, readback_offset_b = 512u << 10;
    const uint64_t image_b = SIZE_PX * SIZE_PX * 4, blit_b = BLIT_PX * BLIT_PX * 4;
    const uint64_t words_b = WORDS * 4;
    const uint64_t picture_b = IMAGE_PX * IMAGE_PX * 4;
    const uint64_t readback_b = image_b + blit_b + 2 * words_b + picture_b;
    CHECK(hsMemoryPoolWrite(&pool, vertices_offset_b, VERTICES, sizeof VERTICES));
    CHECK(hsMemoryPoolWrite(&pool, indices_offset_b, INDICES, sizeof INDICES));
    CHECK(hsMemoryPoolWrite(&pool, arguments_offset_b, DRAW_ARGUMENTS, sizeof DRAW_ARGUMENTS));
    CHECK(hsMemoryPoolWrite(&pool, arguments_offset_b + 16, DISPATCH_ARGUMENTS,
                            sizeof DISPATCH_ARGUMENTS));
    for (unsigned tint = 0; tint < 3; tint++)
        CHECK(hsMemoryPoolWrite(&pool, tints_offset_b + tint * 256u, TINTS[tint], 16));

    HSTexture target, depth, blit;
    make_texture_2d(&target, &device, &pool, 0, HS_FORMAT_RGBA8, SIZE_PX, SIZE_PX);
    make_texture_2d(&depth, &device, &pool, depth_offset_b, HS_FORMAT_Z32F, SIZE_PX, SIZE_PX);
    make_texture_2d(&blit, &device, &pool, blit_offset_b, HS_FORMAT_RGBA8, BLIT_PX, BLIT_PX);
    HSTexture picture;
    HSTextureBuilder picture_builder;
    CHECK(hsTextureBuilderSetDefaults(&picture_builder));
    CHECK(hsTextureBuilderSetDevice(&picture_builder, &device));
    CHECK(hsTextureBuilderSetFormat(&picture_builder, HS_FORMAT_RGBA8));
    CHECK(hsTextureBuilderSetSize2D(&picture_builder, IMAGE_PX, IMAGE_PX));
    CHECK(hsTextureBuilderSetFlags(&picture_builder, HS_TEXTURE_FLAGS_IMAGE));
    CHECK(hsTextureBuilderSetStorage(&picture_builder, &pool, image_offset_b));
    CHECK(hsTextureInitialize(&picture, &picture_builder));
    HSBuffer vertices, indices, tints, words, words_copy, arguments, readback;
    make_buffer(&arguments, &device, &pool, arguments_offset_b, 32);
    make_buffer(&vertices, &device, &pool, vertices_offset_b, sizeof VERTICES);
    make_buffer(&indices, &device, &pool, indices_offset_b, sizeof INDICES);
    make_buffer(&tints, &device, &pool, tints_offset_b, 3 * 256u);
    make_buffer(&words, &device, &pool, words_offset_b, words_b);
    make_buffer(&words_copy, &device, &pool, words_copy_offset_b, words_b);
    make_buffer(&readback, &device, &pool, readback_offset_b, readback_b);
    HSProgram program, compute, image_compute;
    HSShaderData image_shader = {HS_SHADER_STAGE_COMPUTE, HS_SHADER_CODE_GLSL, IMAGE_COMPUTE,
                                 strlen(IMAGE_COMPUTE)};
    CHECK(hsProgramInitialize(&image_compute, &device));
    CHECK(hsProgramSetShaders(&image_compute, 1, &image_shader));
    /* The image at slot 3 of a texture pool; image handles need a sampler pool bound too. */
    HSTexturePool texture_pool;
    HSSamplerPool sampler_pool;
    CHECK(hsTexturePoolInitialize(&texture_pool, &device, 8));
    CHECK(hsSamplerPoolInitialize(&sampler_pool, &device, 1));
    CHECK(hsTexturePoolRegisterImage(&texture_pool, 3, &picture, NULL));
    uint64_t image_handle = 0;
    CHECK(hsDeviceGetImageHandle(&device, 3, &image_handle));
    make_program(&program, &device, VERTEX, TINT_FRAGMENT);
    HSShaderData compute_shader = {HS_SHADER_STAGE_COMPUTE, HS_SHADER_CODE_GLSL, COMPUTE,
                                   strlen(COMPUTE)};
    CHECK(hsProgramInitialize(&compute, &device));
    CHECK(hsProgramSetShaders(&compute, 1, &compute_shader));

    HSCommandBuffer commands;
    CHECK(hsCommandBufferInitialize(&commands, &device));
    const HSCommandBuffer *cmd = &commands;
    HScommandHandle handles[2];

    /* 1. Draws. */
    CHECK(hsCommandBufferBeginRecording(cmd));
    vulkan_clip_space(cmd);
    const HSTexture *colors[1] = {&target};
    CHECK(hsCommandBufferSetRenderTargets(cmd, 1, colors, NULL, &depth, NULL));
    set_area(cmd, SIZE_PX, SIZE_PX);
    const float black[4] = {0, 0, 0, 1};
    CHECK(hsCommandBufferClearColor(cmd, 0, black, HS_CLEAR_COLOR_MASK_RGBA));
    CHECK(hsCommandBufferClearDepthStencil(cmd, 0.5f, 1, 0, 0));
    HSRasterizerState raster = {HS_CULL_MODE_NONE, HS_FRONT_FACE_CCW, HS_POLYGON_MODE_FILL, 0,
                                0, 1.0f, 1.0f};
    CHECK(hsCommandBufferSetRasterizerState(cmd, &raster));
    HSPolygonOffset offset = {0.0f, 0.0f, 0.0f, 0, 0, 0};
    CHECK(hsCommandBufferSetPolygonOffset(cmd, &offset));
    CHECK(hsCommandBufferSetLogicOp(cmd, HS_LOGIC_OP_NONE));
    const uint32_t masks[8] = {15, 15, 15, 15, 15, 15, 15, 15};
    CHECK(hsCommandBufferSetColorWriteMasks(cmd, masks));
    const float blend_colour[4] = {0, 0, 0, 0};
    CHECK(hsCommandBufferSetBlendColor(cmd, blend_colour));
    CHECK(hsCommandBufferSetPrimitiveRestart(cmd, 0, 0));
    /* Vulkan's conventions, stated: the expected picture below assumes them. */
    CHECK(hsCommandBufferSetDepthMode(cmd, HS_DEPTH_MODE_ZERO_TO_ONE));
    CHECK(hsCommandBufferSetWindowOrigin(cmd, HS_WINDOW_ORIGIN_UPPER_LEFT));
    CHECK(hsCommandBufferSetProvokingVertex(cmd, HS_PROVOKING_VERTEX_FIRST));
    CHECK(hsCommandBufferSetDepthBounds(cmd, 0, 0.0f, 1.0f));
    HSStencilFace face = {HS_STENCIL_OP_KEEP, HS_STENCIL_OP_KEEP, HS_STENCIL_OP_KEEP,
                          HS_COMPARE_ALWAYS, 0, 0xff, 0xff};
    HSDepthStencilState depth_state = {1, 0, HS_COMPARE_LESS, 0, face, face};
    CHECK(hsCommandBufferSetDepthStencilState(cmd, &depth_state));
    CHECK(hsCommandBufferBindProgram(cmd, &program));
    HSVertexStream stream = {12, 0};
    HSVertexAttribute attribute = {0, 0, HS_VERTEX_COMPONENT_FLOAT32, 3, 0};
    CHECK(hsCommandBufferSetVertexStreams(cmd, 1, &stream));
    CHECK(hsCommandBufferSetVertexAttributes(cmd, 1, &attribute));
    CHECK(hsCommandBufferBindVertexBuffer(cmd, 0, &vertices, 0, sizeof VERTICES));
    /* Red, indexed, in front of the depth: the right half. */
    CHECK(hsCommandBufferBindUniformBuffer(cmd, HS_SHADER_STAGE_FRAGMENT, 0, &tints, 0, 16));
    CHECK(hsCommandBufferBindIndexBuffer(cmd, HS_INDEX_TYPE_UNSIGNED_SHORT, &indices, 0,
                                         sizeof INDICES));
    CHECK(hsCommandBufferDrawElements(cmd, HS_DRAW_PRIMITIVE_TRIANGLES, 0, 6, 0, 0, 1));
    /* Green, behind the cleared depth: nowhere. */
    CHECK(hsCommandBufferBindUniformBuffer(cmd, HS_SHADER_STAGE_FRAGMENT, 0, &tints, 256, 16));
    CHECK(hsCommandBufferDrawArrays(cmd, HS_DRAW_PRIMITIVE_TRIANGLES, 4, 3));
    /* Blue, added everywhere. */
    HSBlendState add = {1, HS_BLEND_FUNC_ONE, HS_BLEND_FUNC_ONE, HS_BLEND_EQUATION_ADD,
                        HS_BLEND_FUNC_ZERO, HS_BLEND_FUNC_ONE, HS_BLEND_EQUATION_ADD};
    CHECK(hsCommandBufferSetBlendState(cmd, 0, &add));
    CHECK(hsCommandBufferUpdateUniformBuffer(cmd, &tints, 512, sizeof BLUE, BLUE));
    CHECK(hsCommandBufferBindUniformBuffer(cmd, HS_SHADER_STAGE_FRAGMENT, 0, &tints, 512, 16));
    CHECK(hsCommandBufferDrawIndirect(cmd, HS_DRAW_PRIMITIVE_TRIANGLE_STRIP, 0, &arguments, 0, 1,
                                      16));
    /* Green added by an 8 px point of the fixed size (the vertex stage writes none). */
    HSRasterizerState big_points = raster;
    big_points.point_size_px = 8.0f;
    CHECK(hsCommandBufferSetRasterizerState(cmd, &big_points));
    CHECK(hsCommandBufferSetProgramPointSize(cmd, 0));
    CHECK(hsCommandBufferBindUniformBuffer(cmd, HS_SHADER_STAGE_FRAGMENT, 0, &tints, 256, 16));
    /* Its alpha of 1 passes an alpha test of >= 1. */
    CHECK(hsCommandBufferSetAlphaTest(cmd, 1, HS_COMPARE_GEQUAL, 1.0f));
    CHECK(hsCommandBufferDrawArrays(cmd, HS_DRAW_PRIMITIVE_POINTS, 11, 1));
    /* The second point fails an alpha test of < 0.5: nothing of it is drawn. */
    CHECK(hsCommandBufferSetAlphaTest(cmd, 1, HS_COMPARE_LESS, 0.5f));
    CHECK(hsCommandBufferDrawArrays(cmd, HS_DRAW_PRIMITIVE_POINTS, 12, 1));
    CHECK(hsCommandBufferSetAlphaTest(cmd, 0, HS_COMPARE_ALWAYS, 0.0f));
    /* Smoothing: polygon smoothing (which Vulkan cannot do) is taken as state, as NVN
     * takes it; a draw of filled triangles with it on is refused, points are drawn. */
    CHECK(hsCommandBufferSetSmoothing(cmd, 0, 1));
    if (hsCommandBufferDrawArrays(cmd, HS_DRAW_PRIMITIVE_TRIANGLES, 0, 3) != HS_ERROR_REFUSED) {
        fprintf(stderr, "filled triangles with polygon smoothing were not refused\n");
        return 1;
    }
    CHECK(hsCommandBufferSetSmoothing(cmd, 0, 0));
    CHECK(hsCommandBufferDiscardDepthStencil(cmd));
    /* The blit, and both images to the read-back buffer. */
    HSCopyRegion whole = {0, 0, 0, SIZE_PX, SIZE_PX, 1};
    HSCopyRegion half = {0, 0, 0, BLIT_PX, BLIT_PX, 1};
    CHECK(hsCommandBufferCopyTextureToTexture(cmd, &target, 0, &whole, &blit, 0, &half, 0));
    CHECK(hsCommandBufferCopyTextureToBuffer(cmd, &target, 0, &whole, &readback, 0, 0, 0));
    CHECK(hsCommandBufferCopyTextureToBuffer(cmd, &blit, 0, &half, &readback, image_b, 0, 0));
    CHECK(hsCommandBufferEndRecording(cmd, &handles[0]));

    /* 2. A dispatch, a copy of its output, a fence. */
    HSSync done;
    CHECK(hsSyncInitialize(&done, &device));
    CHECK(hsCommandBufferBeginRecording(cmd));
    vulkan_clip_space(cmd);
    CHECK(hsCommandBufferBindProgram(cmd, &compute));
    CHECK(hsCommandBufferBindStorageBuffer(cmd, HS_SHADER_STAGE_COMPUTE, 0, &words, 0, words_b));
    CHECK(hsCommandBufferDispatchCompute(cmd, WORDS / 64, 1, 1));
    CHECK(hsCommandBufferBarrier(cmd, HS_BARRIER_ORDER_PRIMITIVES | HS_BARRIER_INVALIDATE_SHADER));
    CHECK(hsCommandBufferCopyBufferToBuffer(cmd, &words, 0, &words_copy, 0, words_b));
    CHECK(hsCommandBufferCopyBufferToBuffer(cmd, &words, 0, &readback, image_b + blit_b, words_b));
    CHECK(hsCommandBufferCopyBufferToBuffer(cmd, &words_copy, 0, &readback,
                                            image_b + blit_b + words_b, words_b));
    CHECK(hsCommandBufferBindProgram(cmd, &image_compute));
    CHECK(hsCommandBufferSetTexturePool(cmd, &texture_pool));
    CHECK(hsCommandBufferSetSamplerPool(cmd, &sampler_pool));
    CHECK(hsCommandBufferBindImage(cmd, HS_SHADER_STAGE_COMPUTE, 0, image_handle));
    CHECK(hsCommandBufferDispatchComputeIndirect(cmd, &arguments, 16));
    CHECK(hsCommandBufferBarrier(cmd, HS_BARRIER_ORDER_PRIMITIVES | HS_BARRIER_INVALIDATE_TEXTURE));
    HSCopyRegion picture_region = {0, 0, 0, IMAGE_PX, IMAGE_PX, 1};
    CHECK(hsCommandBufferCopyTextureToBuffer(cmd, &picture, 0, &picture_region, &readback,
                                             image_b + blit_b + 2 * words_b, 0, 0));
    CHECK(hsCommandBufferFenceSync(cmd, &done, HS_SYNC_CONDITION_ALL_GPU_COMMANDS_COMPLETE, 1));
    CHECK(hsCommandBufferEndRecording(cmd, &handles[1]));

    HSQueue queue;
    CHECK(hsQueueInitialize(&queue, &device));
    CHECK(hsQueueSubmitCommands(&queue, 2, handles));
    HSsyncWaitResult waited = 0;
    CHECK(hsSyncWait(&done, 60ull * 1000 * 1000 * 1000, &waited));
    if (waited != HS_SYNC_WAIT_RESULT_CONDITION_SATISFIED) {
        fprintf(stderr, "the fence did not signal (%u)\n", waited);
        return 1;
    }
    CHECK(hsQueueFinish(&queue));
    unsigned char *mapped = NULL;
    CHECK(hsMemoryPoolMap(&pool, (void **)&mapped));
    write_file(out_path, mapped + readback_offset_b, readback_b);
    check_validation(&device);

    CHECK(hsQueueFinalize(&queue));
    CHECK(hsSyncFinalize(&done));
    CHECK(hsCommandBufferFinalize(&commands));
    CHECK(hsProgramFinalize(&compute));
    CHECK(hsProgramFinalize(&image_compute));
    CHECK(hsTexturePoolFinalize(&texture_pool));
    CHECK(hsSamplerPoolFinalize(&sampler_pool));
    CHECK(hsProgramFinalize(&program));
    HSBuffer *buffers[7] = {&vertices, &indices,    &tints,    &words,
                            &words_copy, &arguments, &readback};
    for (unsigned index = 0; index < 7; index++) CHECK(hsBufferFinalize(buffers[index]));
    CHECK(hsTextureFinalize(&picture));
    CHECK(hsTextureFinalize(&blit));
    CHECK(hsTextureFinalize(&depth));
    CHECK(hsTextureFinalize(&target));
    CHECK(hsMemoryPoolFinalize(&pool));
    CHECK(hsDeviceFinalize(&device));
    return 0;
}
