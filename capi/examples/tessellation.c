/* Tessellation and geometry stages through the C ABI. A 64x64 RGBA8 target is cleared to
 * black; a quad patch over its left half is tessellated by an evaluation stage alone, with
 * levels from hsCommandBufferSetInner/OuterTessellationLevels (green); the same patch over
 * the right half with an outer level of 0 is discarded, as the levels say; a geometry
 * stage expands one point into a 16x16 red square at (40, 40). Bad state is refused. The
 * texels are written, as raw RGBA8 rows, to the file named by the first argument. */
#include "common.h"

#define SIZE_PX 64u

static const char *const EVALUATION =
    "#version 450\n"
    "layout(quads, equal_spacing, ccw) in;\n"
    "void main() {\n"
    "    vec4 low = mix(gl_in[0].gl_Position, gl_in[1].gl_Position, gl_TessCoord.x);\n"
    "    vec4 high = mix(gl_in[3].gl_Position, gl_in[2].gl_Position, gl_TessCoord.x);\n"
    "    gl_Position = mix(low, high, gl_TessCoord.y);\n"
    "}\n";

static const char *const GEOMETRY =
    "#version 450\n"
    "layout(points) in;\n"
    "layout(triangle_strip, max_vertices = 4) out;\n"
    "void main() {\n"
    "    for (int corner = 0; corner < 4; corner++) {\n"
    "        vec2 side = vec2(corner & 1, corner >> 1) * 2.0 - 1.0;\n"
    "        gl_Position = gl_in[0].gl_Position + vec4(side * 0.25, 0.0, 0.0);\n"
    "        EmitVertex();\n"
    "    }\n"
    "    EndPrimitive();\n"
    "}\n";

static const char *const RED =
    "#version 450\n"
    "layout(location = 0) out vec4 colour;\n"
    "void main() { colour = vec4(1.0, 0.0, 0.0, 1.0); }\n";

/* Two patches of four control points (left half, right half), then one point. */
static const float POSITIONS[18] = {
    -1.0f, -1.0f, 0.0f, -1.0f, 0.0f, 1.0f, -1.0f, 1.0f,
    0.0f, -1.0f, 1.0f, -1.0f, 1.0f, 1.0f, 0.0f, 1.0f,
    0.5f, 0.5f,
};

static void make_stages(HSProgram *program, const HSDevice *device, HSshaderStage middle_stage,
                        const char *middle, const char *fragment) {
    HSShaderData shaders[3] = {
        {HS_SHADER_STAGE_VERTEX, HS_SHADER_CODE_GLSL, POSITION_VERTEX, strlen(POSITION_VERTEX)},
        {middle_stage, HS_SHADER_CODE_GLSL, middle, strlen(middle)},
        {HS_SHADER_STAGE_FRAGMENT, HS_SHADER_CODE_GLSL, fragment, strlen(fragment)},
    };
    CHECK(hsProgramInitialize(program, device));
    CHECK(hsProgramSetShaders(program, 3, shaders));
}

int main(int argc, char **argv) {
    const char *out_path = output_path(argc, argv);
    HSDevice device;
    open_device(&device);

    HSMemoryPool pool;
    make_pool(&pool, &device, 1u << 20);
    const uint64_t positions_offset_b = 256u << 10, readback_offset_b = 512u << 10;
    const uint64_t image_b = SIZE_PX * SIZE_PX * 4;
    CHECK(hsMemoryPoolWrite(&pool, positions_offset_b, POSITIONS, sizeof POSITIONS));
    HSTexture target;
    make_texture_2d(&target, &device, &pool, 0, HS_FORMAT_RGBA8, SIZE_PX, SIZE_PX);
    HSBuffer vertices, readback;
    make_buffer(&vertices, &device, &pool, positions_offset_b, sizeof POSITIONS);
    make_buffer(&readback, &device, &pool, readback_offset_b, image_b);
    HSProgram tessellated, expanded;
    make_stages(&tessellated, &device, HS_SHADER_STAGE_TESS_EVALUATION, EVALUATION, GREEN_FRAGMENT);
    make_stages(&expanded, &device, HS_SHADER_STAGE_GEOMETRY, GEOMETRY, RED);

    HSCommandBuffer commands;
    CHECK(hsCommandBufferInitialize(&commands, &device));
    CHECK(hsCommandBufferBeginRecording(&commands));
    vulkan_clip_space(&commands);
    const HSTexture *colors[1] = {&target};
    CHECK(hsCommandBufferSetRenderTargets(&commands, 1, colors, NULL, NULL, NULL));
    const float black[4] = {0.0f, 0.0f, 0.0f, 1.0f};
    CHECK(hsCommandBufferClearColor(&commands, 0, black, HS_CLEAR_COLOR_MASK_RGBA));
    bind_positions(&commands, &vertices, sizeof POSITIONS);

    /* Bad state is refused and changes nothing. */
    if (hsCommandBufferSetPatchSize(&commands, 33) == HS_SUCCESS ||
        hsCommandBufferSetPatchSize(&commands, 0) == HS_SUCCESS ||
        hsCommandBufferSetInnerTessellationLevels(&commands, NULL) == HS_SUCCESS) {
        fprintf(stderr, "FAIL: bad tessellation state was accepted\n");
        return 1;
    }
    const float too_high[4] = {65.0f, 1.0f, 1.0f, 1.0f};
    if (hsCommandBufferSetOuterTessellationLevels(&commands, too_high) == HS_SUCCESS) {
        fprintf(stderr, "FAIL: an outer level past 64 was accepted\n");
        return 1;
    }

    CHECK(hsCommandBufferBindProgram(&commands, &tessellated));
    CHECK(hsCommandBufferSetPatchSize(&commands, 4));
    const float inner[2] = {4.0f, 4.0f};
    const float outer[4] = {4.0f, 4.0f, 4.0f, 4.0f};
    CHECK(hsCommandBufferSetInnerTessellationLevels(&commands, inner));
    CHECK(hsCommandBufferSetOuterTessellationLevels(&commands, outer));
    CHECK(hsCommandBufferDrawArrays(&commands, HS_DRAW_PRIMITIVE_PATCHES, 0, 4));
    const float culled[4] = {0.0f, 4.0f, 4.0f, 4.0f};
    CHECK(hsCommandBufferSetOuterTessellationLevels(&commands, culled));
    CHECK(hsCommandBufferDrawArrays(&commands, HS_DRAW_PRIMITIVE_PATCHES, 4, 4));

    CHECK(hsCommandBufferBindProgram(&commands, &expanded));
    CHECK(hsCommandBufferDrawArrays(&commands, HS_DRAW_PRIMITIVE_POINTS, 8, 1));

    HSCopyRegion region = {0, 0, 0, SIZE_PX, SIZE_PX, 1};
    CHECK(hsCommandBufferCopyTextureToBuffer(&commands, &target, 0, &region, &readback, 0, 0, 0));
    HScommandHandle handle;
    CHECK(hsCommandBufferEndRecording(&commands, &handle));
    HSQueue queue;
    CHECK(hsQueueInitialize(&queue, &device));
    CHECK(hsQueueSubmitCommands(&queue, 1, &handle));
    CHECK(hsQueueFinish(&queue));

    void *mapped = NULL;
    CHECK(hsMemoryPoolMap(&pool, &mapped));
    write_file(out_path, (const unsigned char *)mapped + readback_offset_b, image_b);
    check_validation(&device);

    CHECK(hsCommandBufferFinalize(&commands));
    CHECK(hsQueueFinalize(&queue));
    CHECK(hsProgramFinalize(&expanded));
    CHECK(hsProgramFinalize(&tessellated));
    CHECK(hsBufferFinalize(&readback));
    CHECK(hsBufferFinalize(&vertices));
    CHECK(hsTextureFinalize(&target));
    CHECK(hsMemoryPoolFinalize(&pool));
    CHECK(hsDeviceFinalize(&device));
    return 0;
}
